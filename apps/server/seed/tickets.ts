import type { TICKET_PRIORITIES, TICKET_STATUSES } from '@portal/contract';
import { ticketEntries, tickets } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount, SeededContact } from './context.js';
import type { Random } from './random.js';
import {
  ACKNOWLEDGEMENTS,
  ACME_TEMPLATES,
  AUTO_ACKNOWLEDGEMENT,
  BILLED_NOTE,
  CANCEL_CONFIRMATION,
  CANCELLATIONS,
  CUSTOMER_ADDITIONS,
  GLOBEX_TEMPLATES,
  HOLD_NOTICE,
  INTERNAL_NOTES,
  NUDGES,
  PROVIDER_DESK_NAME,
  PROVIDER_STAFF,
  REVIEW_NOTE,
  THANKS,
  type TicketTemplate,
} from './ticket-content.js';

type Status = (typeof TICKET_STATUSES)[number];
type Priority = (typeof TICKET_PRIORITIES)[number];

/** How many Acme tickets of each status (60 in all), and how many days ago such tickets were opened. */
const ACME_STATUS_PLAN: [Status, number, [number, number]][] = [
  ['New', 6, [0.05, 3]],
  ['Assigned', 6, [0.5, 6]],
  ['Accepted', 5, [1, 10]],
  ['In Progress', 9, [1, 21]],
  ['On Hold', 5, [7, 45]],
  ['Complete', 10, [5, 120]],
  ['Reviewed', 6, [20, 200]],
  ['Billed', 8, [35, 330]],
  ['Cancelled', 5, [3, 250]],
];

const GLOBEX_STATUS_PLAN: [Status, number, [number, number]][] = [
  ['New', 1, [0.2, 2]],
  ['In Progress', 1, [1, 6]],
  ['On Hold', 1, [8, 20]],
  ['Complete', 1, [10, 60]],
  ['Billed', 1, [40, 120]],
];

const PRIORITY_ORDER: Priority[] = ['low', 'medium', 'high', 'urgent'];

interface PlannedTicket {
  template: TicketTemplate;
  variant: string | undefined;
  status: Status;
  priority: Priority;
  createdAt: Date;
  assignee: SeededContact | null;
  requester: SeededContact;
  staff: string;
}

interface EntryDraft {
  author: 'customer' | 'staff' | 'desk';
  internal: boolean;
  content: string;
}

export async function seedTickets(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<{ ticketCount: number; entryCount: number }> {
  const acmeCounts = await seedAccountTickets(ctx, acme, {
    random: ctx.randomFor('tickets:acme'),
    templates: ACME_TEMPLATES,
    statusPlan: ACME_STATUS_PLAN,
    firstNumber: 104180,
    assignees: {
      general: [
        'uma.user@acme.example',
        'uma.user@acme.example',
        'tess.tech@acme.example',
        'bill.billing@acme.example',
        'alice.admin@acme.example',
        null,
        null,
      ],
      technical: ['tess.tech@acme.example', 'tess.tech@acme.example', 'tess.tech@acme.example', 'alice.admin@acme.example', null],
      billing: ['bill.billing@acme.example', 'bill.billing@acme.example', 'alice.admin@acme.example'],
    },
  });
  const globexCounts = await seedAccountTickets(ctx, globex, {
    random: ctx.randomFor('tickets:globex'),
    templates: GLOBEX_TEMPLATES,
    statusPlan: GLOBEX_STATUS_PLAN,
    firstNumber: 88410,
    assignees: {
      general: ['gina.admin@globex.example', 'victor.hale@globex.example', null],
      technical: ['victor.hale@globex.example'],
      billing: ['gina.admin@globex.example'],
    },
  });
  return { ticketCount: acmeCounts.ticketCount + globexCounts.ticketCount, entryCount: acmeCounts.entryCount + globexCounts.entryCount };
}

async function seedAccountTickets(
  ctx: SeedContext,
  account: SeededAccount,
  options: {
    random: Random;
    templates: TicketTemplate[];
    statusPlan: [Status, number, [number, number]][];
    firstNumber: number;
    assignees: Record<'general' | 'technical' | 'billing', (string | null)[]>;
  },
): Promise<{ ticketCount: number; entryCount: number }> {
  const { random } = options;
  const { clock } = ctx;

  // Statuses in a shuffled order, each paired with the next template of a shuffled cycle, so every
  // template is used and the same subject does not cluster in one status.
  const statuses = random.shuffle(options.statusPlan.flatMap(([status, count, ages]) => Array.from({ length: count }, () => ({ status, ages }))));
  const templateOrder = random.shuffle(options.templates);
  const variantUse = new Map<TicketTemplate, number>();

  const planned: PlannedTicket[] = statuses.map(({ status, ages }, index) => {
    const template = templateOrder[index % templateOrder.length]!;
    const used = variantUse.get(template) ?? 0;
    variantUse.set(template, used + 1);
    const variant = template.variants ? template.variants[used % template.variants.length] : undefined;
    const pool = options.assignees[template.owner ?? 'general'];
    const assigneeEmail = random.pick(pool);
    const assignee = assigneeEmail ? account.contact(assigneeEmail) : null;
    const [minAge, maxAge] = ages;
    return {
      template,
      variant,
      status,
      priority: shiftPriority(template.priority, random),
      createdAt: clock.hoursAgo(Math.round((minAge + random.next() * (maxAge - minAge)) * 24 * 4) / 4),
      assignee,
      requester: assignee ?? random.pick(account.contacts),
      staff: random.pick(PROVIDER_STAFF),
    };
  });
  // Numbers and ids follow the order in which the tickets were opened.
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const ticketRows: (typeof tickets.$inferInsert)[] = [];
  const entryDrafts = new Map<string, { at: Date; draft: EntryDraft; ticket: PlannedTicket }[]>();
  planned.forEach((ticket, index) => {
    const ticketNumber = `TKT-${options.firstNumber + index}`;
    const vars = {
      first: ticket.requester.firstname,
      name: ticket.variant ?? '',
      staff: ticket.staff,
      number: ticketNumber,
      domain: ctx.providerDomain,
      case: `VC-${random.digits(7)}`,
    };
    const drafts = conversation(ticket, random).map((draft) => ({ ...draft, content: fill(draft.content, vars) }));
    const times = entryTimes(ticket, drafts.length, clock.hoursAgo(0.25), random);
    entryDrafts.set(
      ticketNumber,
      drafts.map((draft, i) => ({ at: times[i]!, draft, ticket })),
    );

    const timeRounded = loggedHours(ticket.status, random);
    const billable = ticket.status === 'Billed' || (['In Progress', 'On Hold', 'Complete', 'Reviewed'].includes(ticket.status) && random.chance(0.45));
    ticketRows.push({
      accountId: account.id,
      ticketNumber,
      subject: fill(ticket.template.subject, vars),
      description: fill(ticket.template.description, vars),
      status: ticket.status,
      priority: ticket.priority,
      assignedContactId: ticket.assignee?.id ?? null,
      createdAt: ticket.createdAt,
      lastModifiedAt: times.at(-1) ?? ticket.createdAt,
      dueDate: random.chance(0.35) ? clock.plusHours(ticket.createdAt, random.int(1, 10) * 24) : null,
      isBillable: billable,
      isTaxable: billable && random.chance(0.5),
      timeRounded: billable && timeRounded === 0 ? 0.25 : timeRounded,
    });
    // The review and billing notes quote the hours that were logged.
    const last = ticketRows.at(-1)!;
    for (const entry of entryDrafts.get(ticketNumber)!) {
      entry.draft.content = entry.draft.content
        .replace('{hours}', String(last.timeRounded))
        .replace('{billing}', last.isBillable ? 'billable' : 'covered by the managed services agreement');
    }
  });

  const inserted = await ctx.tx.insert(tickets).values(ticketRows).returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
  const idByNumber = new Map(inserted.map((row) => [row.ticketNumber, row.id]));
  const entryRows = ticketRows.flatMap(({ ticketNumber }) =>
    (entryDrafts.get(ticketNumber) ?? []).map(({ at, draft, ticket }) => ({
      ticketId: idByNumber.get(ticketNumber)!,
      accountId: account.id,
      ...sender(draft, ticket, ctx.providerDomain, random),
      content: draft.content,
      isInternal: draft.internal,
      createdAt: at,
      updatedAt: at,
    })),
  );
  if (entryRows.length > 0) await ctx.tx.insert(ticketEntries).values(entryRows);
  return { ticketCount: ticketRows.length, entryCount: entryRows.length };
}

function shiftPriority(priority: Priority, random: Random): Priority {
  if (!random.chance(0.15)) return priority;
  const index = PRIORITY_ORDER.indexOf(priority) + (random.chance(0.5) ? 1 : -1);
  return PRIORITY_ORDER[Math.min(Math.max(index, 0), PRIORITY_ORDER.length - 1)]!;
}

/** The messages of a ticket in its status: 1 to 8 of them. */
function conversation(ticket: PlannedTicket, random: Random): EntryDraft[] {
  const { template } = ticket;
  const staff = (content: string): EntryDraft => ({ author: 'staff', internal: false, content });
  const note = (content: string): EntryDraft => ({ author: 'staff', internal: true, content });
  const customer = (content: string): EntryDraft => ({ author: 'customer', internal: false, content });
  const desk = (content: string): EntryDraft => ({ author: 'desk', internal: false, content });
  const ack = () => staff(random.pick(ACKNOWLEDGEMENTS));
  const questionAndAnswer = () => [staff(template.question), customer(template.answer)];
  const maybe = (p: number, ...drafts: EntryDraft[]) => (random.chance(p) ? drafts : []);

  switch (ticket.status) {
    case 'New':
      return [desk(AUTO_ACKNOWLEDGEMENT), ...maybe(0.4, customer(random.pick(CUSTOMER_ADDITIONS)))];
    case 'Assigned':
      return [...maybe(0.5, desk(AUTO_ACKNOWLEDGEMENT)), ack(), ...maybe(0.4, note(random.pick(INTERNAL_NOTES)))];
    case 'Accepted':
      return [ack(), staff(template.question), ...maybe(0.6, customer(template.answer))];
    case 'In Progress':
      return [
        ack(),
        ...questionAndAnswer(),
        ...maybe(0.5, note(random.pick(INTERNAL_NOTES))),
        staff(template.update),
        ...maybe(0.4, customer(random.pick(NUDGES))),
      ];
    case 'On Hold':
      return [
        ack(),
        ...(random.chance(0.6) ? questionAndAnswer() : []),
        staff(HOLD_NOTICE.replace('{reason}', template.holdReason ?? 'a reply from the vendor')),
        ...maybe(0.5, customer(random.pick(NUDGES))),
      ];
    case 'Complete':
    case 'Reviewed':
    case 'Billed': {
      const drafts = [
        ack(),
        ...(random.chance(0.7) ? questionAndAnswer() : []),
        ...maybe(0.4, note(random.pick(INTERNAL_NOTES))),
        ...maybe(0.5, staff(template.update)),
        staff(template.resolution),
        ...maybe(0.6, customer(random.pick(THANKS))),
      ];
      if (ticket.status === 'Reviewed') drafts.push(note(REVIEW_NOTE));
      if (ticket.status === 'Billed') drafts.push(note(BILLED_NOTE));
      return drafts;
    }
    case 'Cancelled':
      return [...maybe(0.5, ack()), customer(random.pick(CANCELLATIONS)), staff(CANCEL_CONFIRMATION)];
  }
}

/** Increasing times from just after the ticket was opened, never later than `limit`. */
function entryTimes(ticket: PlannedTicket, count: number, limit: Date, random: Random): Date[] {
  const closed = ['Complete', 'Reviewed', 'Billed', 'Cancelled'].includes(ticket.status);
  const offsets: number[] = [];
  let hours = random.int(1, 30) / 60;
  for (let i = 0; i < count; i++) {
    offsets.push(hours);
    hours += random.int(1, closed ? 48 * 4 : 20 * 4) / 4;
  }
  const available = (limit.getTime() - ticket.createdAt.getTime()) / 3_600_000;
  const last = offsets.at(-1) ?? 0;
  const scale = last > available && last > 0 ? Math.max(available, 0) / last : 1;
  return offsets.map((offset) => new Date(ticket.createdAt.getTime() + Math.round(offset * scale * 3_600_000)));
}

function loggedHours(status: Status, random: Random): number {
  const quarters = (min: number, max: number) => random.int(min * 4, max * 4) / 4;
  switch (status) {
    case 'New':
      return 0;
    case 'Assigned':
      return random.chance(0.3) ? 0.25 : 0;
    case 'Accepted':
      return quarters(0.25, 1);
    case 'In Progress':
      return quarters(0.5, 4);
    case 'On Hold':
      return quarters(0.5, 3);
    case 'Cancelled':
      return quarters(0, 0.5);
    default:
      return quarters(0.25, 6);
  }
}

function sender(draft: EntryDraft, ticket: PlannedTicket, providerDomain: string, random: Random): { createdBy: string; fromAddress: string } {
  switch (draft.author) {
    case 'desk':
      return { createdBy: PROVIDER_DESK_NAME, fromAddress: `support@${providerDomain}` };
    case 'staff':
      return { createdBy: ticket.staff, fromAddress: `${ticket.staff.toLowerCase().replace(/\s+/g, '.')}@${providerDomain}` };
    case 'customer':
      return {
        createdBy: random.chance(0.35) ? `${ticket.requester.fullName} (Customer Portal)` : ticket.requester.fullName,
        fromAddress: ticket.requester.email,
      };
  }
}

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(first|name|staff|number|domain|case)\}/g, (_, key: string) => vars[key] ?? '');
}
