import { billingAccounts, orderItems, orders, payments, statements, type StatementLine, type StatementTax } from '../src/db/schema/index.js';
import { dueDateOf } from '../src/modules/billing/statement-balances.js';
import type { SeedContext, SeededAccount } from './context.js';
import { isoDate, notAfter, roundMoney, type Random } from './random.js';

type PaymentRow = typeof payments.$inferInsert;
type OrderItemSeed = Omit<typeof orderItems.$inferInsert, 'orderId' | 'accountId'>;

export interface SeededBilling {
  statementCount: number;
  paymentCount: number;
  orderCount: number;
}

/** The statement dates: the cycle day of each of the last `count` months, newest first. */
function statementDates(now: Date, cycleDay: number, count: number): Date[] {
  const year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  if (Date.UTC(year, month, cycleDay, 10) > now.getTime()) month -= 1;
  return Array.from({ length: count }, (_, age) => new Date(Date.UTC(year, month - age, cycleDay, 10)));
}

function periodEnd(start: Date): string {
  return isoDate(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate() - 1)));
}

function line(description: string, quantity: number, unitPrice: number): StatementLine {
  return { description, quantity, unitPrice, amount: roundMoney(quantity * unitPrice) };
}

const total = (lines: Array<{ amount: number }>) => roundMoney(lines.reduce((sum, item) => sum + item.amount, 0));

/** What Acme was billed `age` months ago: seats grow, services start and stop, labour comes and goes; taxes on voice and hardware. */
function acmeStatementLines(age: number, random: Random): { lines: StatementLine[]; taxes: StatementTax[] } {
  const lines: StatementLine[] = [
    line('ITP Voice Business Seat', Math.min(24, 16 + Math.floor((25 - age) / 3)), 24.95),
    line('Microsoft 365 Business Premium', Math.min(20, 14 + Math.floor((25 - age) / 4)), 22),
    line('Managed IT Services – Essentials (35 endpoints, 2 servers)', 1, age >= 13 ? 1175 : 1250),
  ];
  if (age <= 22) lines.push(line('ITP Cloud Server – TMS application server', 1, 189), line('Offsite Backup – 1 TB', 1, 75));
  if (age <= 19) lines.push(line('Virtual Fax Number', 2, 9.95));
  if (age <= 13) lines.push(line('PayLink360', 1, 49));
  if (age >= 20) lines.push(line('Google Workspace Business Standard', 18, 14.4));
  if (age >= 5 && age <= 16) lines.push(line('Email Archiving', 20, 2.5));
  if (age >= 3 && age <= 9) lines.push(line('ITP Cloud Server – test server', 1, 79));
  let hardware = 0;
  if (random.chance(0.3)) lines.push(line('On-site labour (hours)', random.int(3, 12) / 2, 125));
  if (random.chance(0.15)) {
    const phones = line('Yealink T54W IP desk phone', random.int(1, 4), 189);
    hardware = phones.amount;
    lines.push(phones);
  }
  const voice = lines.filter((item) => /Voice|Fax/.test(item.description)).reduce((sum, item) => sum + item.amount, 0);
  return { lines, taxes: [{ description: 'Taxes, surcharges and regulatory fees', amount: roundMoney(voice * 0.1375 + hardware * 0.0625) }] };
}

function globexStatementLines(): StatementLine[] {
  return [
    line('ITP Cloud Server – web-02', 1, 329),
    line('ITP Cloud Server – db-01', 1, 459),
    line('Microsoft 365 Business Premium', 6, 22),
    line('Managed IT Services – Essentials (8 endpoints)', 1, 420),
  ];
}

export async function seedBilling(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<SeededBilling> {
  const acmeCounts = await seedAcmeBilling(ctx, acme);
  const globexCounts = await seedGlobexBilling(ctx, globex);
  return {
    statementCount: acmeCounts.statementCount + globexCounts.statementCount,
    paymentCount: acmeCounts.paymentCount + globexCounts.paymentCount,
    orderCount: acmeCounts.orderCount + globexCounts.orderCount,
  };
}

async function seedAcmeBilling(ctx: SeedContext, acme: SeededAccount): Promise<SeededBilling> {
  const random = ctx.randomFor('billing:acme');
  const { clock } = ctx;
  const dates = statementDates(clock.now, 5, 26);
  const statementRows = dates.map((created, age) => {
    const { lines, taxes } = acmeStatementLines(age, random);
    return {
      id: `st_${random.token(16)}`,
      accountId: acme.id,
      createdAt: created,
      periodStart: isoDate(created),
      periodEnd: periodEnd(created),
      amountDue: total([...lines, ...taxes]),
      lines,
      taxes,
    };
  });
  // Oldest first, as the billing system sent them: Acme's carry the portal's numbers, ST-<account>-0001 the oldest.
  await ctx.tx.insert(statements).values([...statementRows].reverse());

  // Every statement but the last two was paid; the previous one's card payment failed, so it is past due.
  const paymentRows: PaymentRow[] = [];
  const pay = (at: Date, amount: number, fields: Partial<PaymentRow> & Pick<PaymentRow, 'paymentType' | 'paymentStatus'>) => {
    const card = fields.paymentType === 'credit_card';
    paymentRows.push({
      id: `pay_${random.token(16)}`,
      accountId: acme.id,
      createdAt: notAfter(at, clock.hoursAgo(1)),
      amount: roundMoney(amount),
      last4: null,
      transactionId: card ? `txn_${random.token(18)}` : null,
      confirmationNumber: fields.paymentStatus === 'Paid' ? `CNF-${random.digits(8)}` : null,
      checkNumber: null,
      ...fields,
    });
  };
  statementRows.forEach((statement, age) => {
    if (age === 0) return;
    const due = clock.plusHours(statement.createdAt, random.int(5 * 24, 12 * 24));
    const cardLast4 = age >= 8 ? '5454' : '4242';
    const cardType = age >= 8 ? 'mastercard' : 'visa';
    if (age === 1) {
      pay(due, statement.amountDue, { paymentType: 'credit_card', paymentStatus: 'Failed', last4: cardLast4, cardType });
      return;
    }
    let amount = statement.amountDue;
    if (age === 7) {
      pay(due, 125, { paymentType: 'credit', paymentStatus: 'Paid', confirmationNumber: null });
      amount -= 125;
    }
    if (age === 11 || age === 4) {
      pay(due, amount, { paymentType: 'credit_card', paymentStatus: 'Failed', last4: cardLast4, cardType });
    }
    const paidAt = clock.plusHours(due, age === 11 || age === 4 ? random.int(26, 60) : random.int(0, 3));
    if (age >= 18) pay(paidAt, amount, { paymentType: 'check', paymentStatus: 'Paid', checkNumber: String(4100 + 25 - age) });
    else if (age >= 14) pay(paidAt, amount, { paymentType: 'manual_ach', paymentStatus: 'Paid' });
    else pay(paidAt, amount, { paymentType: 'credit_card', paymentStatus: 'Paid', last4: cardLast4, cardType });
    if (age === 9) {
      // Paid twice by mistake; the duplicate was refunded.
      pay(clock.plusHours(paidAt, 0.2), amount, { paymentType: 'credit_card', paymentStatus: 'Refunded', last4: cardLast4, cardType });
    }
  });
  await ctx.tx.insert(payments).values(paymentRows);

  const [latest, previous] = statementRows;
  if (!latest || !previous) throw new Error('Acme needs at least two statements');
  await ctx.tx.insert(billingAccounts).values({
    id: acme.billingApiId,
    accountId: acme.id,
    balance: roundMoney(latest.amountDue + previous.amountDue),
    // The previous statement is unpaid (its card payment failed): past due since its due date.
    daysPastDue: Math.max(0, Math.floor((clock.now.getTime() - Date.parse(`${dueDateOf(previous.createdAt)}T00:00:00Z`)) / 86_400_000)),
    pastDueBalance: previous.amountDue,
    credits: 50,
    billingCycleMonthDate: 5,
    paymentMethod: 'credit_card',
    automaticPayments: false,
    cardFirstName: 'Alice',
    cardLastName: 'Morgan',
    cardLast4: '4242',
    cardType: 'visa',
    cardExpMonth: '08',
    cardExpYear: String(clock.now.getUTCFullYear() + 2),
    cardGatewayToken: `tok_sandbox_${random.token(24)}`,
  });

  const orderCount = await seedAcmeOrders(ctx, acme);
  return { statementCount: statementRows.length, paymentCount: paymentRows.length, orderCount };
}

async function seedGlobexBilling(ctx: SeedContext, globex: SeededAccount): Promise<SeededBilling> {
  const random = ctx.randomFor('billing:globex');
  const { clock } = ctx;
  const statementRows = statementDates(clock.now, 15, 6).map((created) => {
    const lines = globexStatementLines();
    // Globex's billing system sends its own invoice numbers.
    const number = `INV-${isoDate(created).slice(0, 7).replace('-', '')}-2001`;
    return {
      id: `st_${random.token(16)}`,
      accountId: globex.id,
      createdAt: created,
      periodStart: isoDate(created),
      periodEnd: periodEnd(created),
      amountDue: total(lines),
      lines,
      number,
    };
  });
  await ctx.tx.insert(statements).values([...statementRows].reverse());

  const paymentRows: PaymentRow[] = statementRows.slice(1).map((statement, index) => {
    const check = index % 2 === 1;
    return {
      id: `pay_${random.token(16)}`,
      accountId: globex.id,
      createdAt: clock.plusHours(statement.createdAt, random.int(3 * 24, 9 * 24)),
      amount: statement.amountDue,
      paymentType: check ? 'check' : 'manual_ach',
      last4: null,
      transactionId: null,
      paymentStatus: 'Paid',
      confirmationNumber: `CNF-${random.digits(8)}`,
      checkNumber: check ? String(1200 + index) : null,
    };
  });
  await ctx.tx.insert(payments).values(paymentRows);

  const latest = statementRows[0];
  if (!latest) throw new Error('Globex needs a statement');
  // No stored card, nothing past due.
  await ctx.tx.insert(billingAccounts).values({
    id: globex.billingApiId,
    accountId: globex.id,
    balance: latest.amountDue,
    daysPastDue: 0,
    pastDueBalance: 0,
    credits: 0,
    billingCycleMonthDate: 15,
    paymentMethod: 'manual_ach',
    automaticPayments: false,
  });

  const gina = globex.contact('gina.admin@globex.example').fullName;
  const orderRows = [
    { name: 'Database server db-01', status: 'completed' as const, age: 402, items: [cloudItem('ITP Cloud Server – db-01 (8 vCPU / 64 GB)', 459)] },
    { name: 'Additional Microsoft 365 licenses', status: 'new_order' as const, age: 4, items: [licenseItem(2, 6)] },
  ];
  for (const order of orderRows) {
    const createdAt = clock.daysAgo(order.age);
    const [row] = await ctx.tx
      .insert(orders)
      .values({
        accountId: globex.id,
        name: order.name,
        status: order.status,
        quoteId: `Q-${createdAt.getUTCFullYear()}-${random.digits(4)}`,
        notes: null,
        createdAt,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order not created');
    await ctx.tx.insert(orderItems).values(
      order.items.map((item) => {
        const done = order.status === 'completed';
        return {
          ...item,
          orderId: row.id,
          accountId: globex.id,
          provisionStatus: done ? ('provisioned' as const) : ('pending' as const),
          completed: done,
          activationDate: done ? clock.plusDays(createdAt, 2) : null,
          metadata: { requested_by: gina },
        };
      }),
    );
  }
  return { statementCount: statementRows.length, paymentCount: paymentRows.length, orderCount: orderRows.length };
}

function cloudItem(description: string, monthly: number): OrderItemSeed {
  return {
    prodDescription: description,
    quantity: 1,
    purchaseType: 'new_order',
    price: monthly,
    pricePerUnit: monthly,
    autoProvision: true,
    taxable: false,
    taxPercent: 0,
  };
}

function licenseItem(added: number, had: number): OrderItemSeed {
  return {
    prodDescription: 'Microsoft 365 Business Premium license',
    quantity: added,
    purchaseType: 'upgrade',
    price: roundMoney(added * 22),
    pricePerUnit: 22,
    autoProvision: true,
    taxable: false,
    taxPercent: 0,
    accountServiceSnapshot: { quantity: had, price: roundMoney(had * 22), status: 'active' },
  };
}

/** Order templates: a name and the items it is made of. */
const ACME_ORDER_KINDS: { name: string; items: (random: Random) => OrderItemSeed[] }[] = [
  {
    name: 'Additional voice seats',
    items: (random) => {
      const added = random.int(2, 4);
      const had = random.int(16, 22);
      return [
        {
          prodDescription: 'ITP Voice Business Seat',
          quantity: added,
          purchaseType: 'upgrade',
          price: roundMoney(added * 24.95),
          pricePerUnit: 24.95,
          autoProvision: true,
          taxable: true,
          taxPercent: 5.5,
          accountServiceSnapshot: { quantity: had, price: roundMoney(had * 24.95), status: 'active' },
        },
      ];
    },
  },
  { name: 'Desk phones for new hires', items: (random) => [hardware('Yealink T54W IP desk phone', random.int(2, 5), 189), labour(random.int(1, 2))] },
  { name: 'Microsoft 365 licenses', items: (random) => [licenseItem(random.int(1, 3), random.int(14, 19))] },
  {
    name: 'New fax number for customs paperwork',
    items: (random) => [
      {
        prodDescription: 'Virtual Fax Number',
        quantity: 1,
        purchaseType: 'new_order',
        price: 9.95,
        pricePerUnit: 9.95,
        autoProvision: true,
        taxable: true,
        taxPercent: 5.5,
        metadata: { did: `+1617555${random.digits(4)}`, port_in: false },
      },
    ],
  },
  { name: 'Warehouse Wi-Fi expansion', items: (random) => [hardware('Ubiquiti U6-Pro access point', random.int(2, 3), 179), labour(random.int(3, 5))] },
  {
    name: 'Cloud server storage upgrade',
    items: (random) => [
      {
        prodDescription: 'ITP Cloud Server – additional 500 GB storage',
        quantity: 1,
        purchaseType: 'upgrade',
        price: 40,
        pricePerUnit: 40,
        autoProvision: true,
        taxable: false,
        taxPercent: 0,
        accountServiceSnapshot: { quantity: 1, price: random.pick([149, 189]), status: 'active' },
      },
    ],
  },
  {
    name: 'Managed firewall',
    items: () => [cloudItem('Managed Firewall – FortiGate 60F (monthly)', 89), hardware('FortiGate 60F appliance', 1, 695), labour(2)],
  },
  {
    name: 'Backup capacity increase',
    items: () => [
      {
        prodDescription: 'Offsite Backup – additional 1 TB',
        quantity: 1,
        purchaseType: 'upgrade',
        price: 75,
        pricePerUnit: 75,
        autoProvision: true,
        taxable: false,
        taxPercent: 0,
        accountServiceSnapshot: { quantity: 1, price: 75, status: 'active' },
      },
    ],
  },
  { name: 'Headsets for dispatch', items: (random) => [hardware('Jabra Evolve2 65 headset', random.int(2, 6), 229), hardware('Shipping and handling', 1, 25)] },
];

function hardware(description: string, quantity: number, unit: number): OrderItemSeed {
  return {
    prodDescription: description,
    quantity,
    purchaseType: 'nrc_product',
    price: roundMoney(quantity * unit),
    pricePerUnit: unit,
    autoProvision: false,
    taxable: true,
    taxPercent: 6.25,
  };
}

function labour(hours: number): OrderItemSeed {
  return {
    prodDescription: 'On-site installation (per hour)',
    quantity: hours,
    purchaseType: 'nrc_product',
    price: hours * 125,
    pricePerUnit: 125,
    autoProvision: false,
    taxable: false,
    taxPercent: 0,
  };
}

const ORDER_NOTES = [
  'Deliver to the loading dock entrance and ask for Tom Fischer.',
  'Install after 6 pm; the dispatch floor is busy during the day.',
  'Approved by Alice Morgan.',
  'Please label each device with its asset tag before delivery.',
  'Customer asked for a single invoice for hardware and labour.',
];

async function seedAcmeOrders(ctx: SeedContext, acme: SeededAccount): Promise<number> {
  const random = ctx.randomFor('orders:acme');
  const { clock } = ctx;
  const requesters = ['alice.admin@acme.example', 'bill.billing@acme.example', 'marcus.webb@acme.example', 'nadia.rahman@acme.example'];

  // 21 older orders over two years (4 cancelled), then 3 recent ones that are still new.
  const plans = [
    ...Array.from({ length: 21 }, (_, index) => ({
      age: 770 - index * 34 - random.int(0, 12),
      status: [4, 9, 15, 19].includes(index) ? ('cancelled' as const) : ('completed' as const),
      kind: random.pick(ACME_ORDER_KINDS),
    })),
    { age: 12, status: 'new_order' as const, kind: ACME_ORDER_KINDS[1]! },
    {
      age: 6,
      status: 'new_order' as const,
      kind: {
        name: 'Call center seats – Chicago warehouse',
        items: (): OrderItemSeed[] => [
          {
            ...cloudItem('ITP Voice Call Center Seat', 34.95 * 8),
            quantity: 8,
            price: roundMoney(34.95 * 8),
            pricePerUnit: 34.95,
            taxable: true,
            taxPercent: 5.5,
          },
          hardware('Yealink T54W IP desk phone', 8, 189),
          labour(4),
        ],
      },
    },
    { age: 2, status: 'new_order' as const, kind: ACME_ORDER_KINDS[2]! },
  ];

  for (const plan of plans) {
    const createdAt = clock.plusHours(clock.daysAgo(plan.age), random.int(0, 8));
    const [row] = await ctx.tx
      .insert(orders)
      .values({
        accountId: acme.id,
        name: plan.kind.name,
        status: plan.status,
        quoteId: random.chance(0.7) ? `Q-${createdAt.getUTCFullYear()}-${random.digits(4)}` : null,
        notes: plan.status === 'cancelled' ? 'Cancelled by the customer before provisioning.' : random.chance(0.4) ? random.pick(ORDER_NOTES) : null,
        createdAt,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order not created');
    const requestedBy = acme.contact(random.pick(requesters)).fullName;
    await ctx.tx.insert(orderItems).values(
      plan.kind.items(random).map((item) => {
        const completed = plan.status === 'completed';
        return {
          ...item,
          orderId: row.id,
          accountId: acme.id,
          provisionStatus: completed
            ? ('provisioned' as const)
            : plan.status === 'cancelled' && random.chance(0.5)
              ? ('failed' as const)
              : ('pending' as const),
          completed,
          activationDate: completed ? notAfter(clock.plusDays(createdAt, random.int(1, 6)), clock.now) : null,
          metadata: { ...(item.metadata ?? {}), requested_by: requestedBy },
        };
      }),
    );
  }
  return plans.length;
}
