/**
 * The provider's systems through the provider API with one key (its own budget, 1,200 a minute by
 * default): the CRM pushing contact changes, the PSA opening and updating tickets and adding
 * technicians' replies and reading back what customers wrote, the billing system re-sending a
 * statement, and a look at the webhook deliveries that failed.
 */
import { randomUUID } from 'node:crypto';
import { call } from './http.js';
import type { Recorder } from './recorder.js';
import type { World } from './setup.js';
import { ACME } from './settings.js';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** The PSA's tickets grow to this many, then are updated in turn. */
const MAX_PSA_TICKETS = 200;
const DIRECTORY_CONTACTS = 50;
const ACTIVE = ['New', 'Assigned', 'Accepted', 'In Progress'];
const TECHNICIANS = [
  ['Jordan Reyes', 'jordan.reyes@itpartners.example'],
  ['Priya Shah', 'priya.shah@itpartners.example'],
  ['Sam Lee', 'sam.lee@itpartners.example'],
] as const;

interface Provider {
  world: World;
  recorder: Recorder;
}

const account = (p: Provider) => `${p.world.provider.base}/accounts/${ACME.externalId}`;
const asKey = (p: Provider) => ({ token: p.world.provider.key });
const since = (minutes: number) => encodeURIComponent(new Date(Date.now() - minutes * 60_000).toISOString());

async function upsertContact(p: Provider): Promise<void> {
  const n = Math.floor(Math.random() * DIRECTORY_CONTACTS);
  await call(p.recorder, 'PUT provider contact', `${account(p)}/contacts/soak-dir-${p.world.run}-${n}`, {
    ...asKey(p),
    method: 'PUT',
    body: {
      firstname: 'Directory',
      lastname: `Person ${n}`,
      email: `directory.${n}.${p.world.run}@soak-customer.example`,
      mobile: `+1 (555) 01${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
      technical_group: Math.random() < 0.5,
      send_invitation: false,
    },
  });
}

async function upsertTicket(p: Provider): Promise<void> {
  const tickets = p.world.psaTickets;
  const externalId = tickets.length < MAX_PSA_TICKETS ? `soak-psa-${p.world.run}-${tickets.length}` : pick(tickets);
  const answer = await call<{ created: boolean; item: { id: number } }>(p.recorder, 'PUT provider ticket', `${account(p)}/tickets/${externalId}`, {
    ...asKey(p),
    method: 'PUT',
    body: {
      subject: `PSA ${externalId}: ${pick(['VPN drops every hour', 'Mailbox full', 'New starter laptop', 'Printer offline'])}`,
      description: 'Logged by the service desk.',
      status: pick(ACTIVE),
      priority: pick(['low', 'medium', 'high']),
      time_logged_hours: Math.floor(Math.random() * 8) / 4,
      entries: [
        { external_id: `${externalId}-1`, author_name: TECHNICIANS[0][0], author_email: TECHNICIANS[0][1], content: '<p>Logged from the phone call.</p>' },
      ],
    },
  });
  if (answer.ok && answer.result.created) {
    tickets.push(externalId);
    p.world.ticketIds.push(answer.result.item.id);
  }
}

async function technicianReply(p: Provider): Promise<void> {
  const ticket = pick(p.world.psaTickets);
  const [name, email] = pick(TECHNICIANS);
  await call(p.recorder, 'PUT provider technician reply', `${account(p)}/tickets/${ticket}/entries/tech-${randomUUID()}`, {
    ...asKey(p),
    method: 'PUT',
    body: {
      author_name: name,
      author_email: email,
      content: `<p>Remote session done; ${pick(['rebooted the switch', 'cleared the queue', 'reset the VPN profile'])}.</p>`,
      visible_to_customer: Math.random() < 0.85,
    },
  });
}

async function statement(p: Provider): Promise<void> {
  const month = new Date().toISOString().slice(0, 7);
  await call(p.recorder, 'PUT provider statement', `${account(p)}/statements/soak-${p.world.run}-${month}`, {
    ...asKey(p),
    method: 'PUT',
    body: {
      period_start: `${month}-01`,
      period_end: `${month}-28`,
      amount_due: 42.5,
      lines: [{ description: 'Soak Voice Seats', quantity: 1, unit_price: 42.5, amount: 42.5 }],
    },
  });
}

const ACTIONS: Array<[number, (p: Provider) => Promise<void>]> = [
  [3, upsertContact],
  [3, upsertTicket],
  [4, technicianReply],
  [2, async (p) => void (await call(p.recorder, 'GET provider ticket entries', `${account(p)}/ticket-entries?limit=50&updated_since=${since(2)}`, asKey(p)))],
  [1, async (p) => void (await call(p.recorder, 'GET provider tickets', `${account(p)}/tickets?limit=50&updated_since=${since(5)}`, asKey(p)))],
  [0.5, statement],
  [
    1,
    async (p) =>
      void (await call(p.recorder, 'GET provider failed deliveries', `${p.world.provider.base}/webhook-deliveries?status=failed&limit=50`, asKey(p))),
  ],
];
const TOTAL = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

export async function providerAct(provider: Provider): Promise<void> {
  let roll = Math.random() * TOTAL;
  for (const [weight, action] of ACTIONS) {
    if ((roll -= weight) < 0) return action(provider);
  }
  return ACTIONS[0]![1](provider);
}
