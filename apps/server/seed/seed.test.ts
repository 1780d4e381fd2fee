import { STATEMENT_DUE_DAYS } from '../src/modules/billing/statement-balances.js';
import { randomBytes } from 'node:crypto';
import {
  ASSET_STATUSES,
  ASSET_TYPES,
  ORDER_ITEM_PURCHASE_TYPES,
  PAYMENT_TYPES,
  PROVISION_STATUSES,
  SERVICE_ITEM_TYPES,
  SERVICE_STATUSES,
  SUPPORT_TOOL_TYPES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@portal/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { verifyPassword } from '../src/platform/password.js';
import { createSecretBox } from '../src/platform/secret-box.js';
import {
  accounts,
  assets,
  billingAccounts,
  contacts,
  credentials,
  licenses,
  orderItems,
  orders,
  payments,
  services,
  statements,
  supportTools,
  ticketEntries,
  tickets,
  vendors,
} from '../src/db/schema/index.js';
import { ACME, DEMO_PASSWORD, DEMO_USERS, GLOBEX, databaseIsEmpty, seedDemoData, type SeedSummary } from './index.js';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const NOW = new Date('2026-11-21T15:00:00Z');
const secretBox = createSecretBox(randomBytes(32));

describe('demo seed', () => {
  let database: TestDatabase;
  let summary: SeedSummary;
  let acmeId: number;
  let globexId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await databaseIsEmpty(database.db)).toBe(true);
    summary = await seedDemoData(database.db, { secretBox, now: NOW });
    const rows = await database.db.select().from(accounts);
    acmeId = rows.find((row) => row.name === ACME.name)!.id;
    globexId = rows.find((row) => row.name === GLOBEX.name)!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const distinct = <T>(values: T[]) => [...new Set(values)].sort();

  it('leaves a non-empty database with two accounts', async () => {
    expect(await databaseIsEmpty(db())).toBe(false);
    expect(summary.accounts).toBe(2);
    const rows = await db().select().from(accounts).orderBy(asc(accounts.id));
    expect(rows.map((row) => [row.name, row.billingApiId])).toEqual([
      [ACME.name, ACME.billingApiId],
      [GLOBEX.name, GLOBEX.billingApiId],
    ]);
  });

  it('creates the demo users with their flags and the demo password', async () => {
    expect(DEMO_USERS.map((user) => user.email)).toEqual([
      'alice.admin@acme.example',
      'bill.billing@acme.example',
      'tess.tech@acme.example',
      'uma.user@acme.example',
      'gina.admin@globex.example',
    ]);
    for (const user of DEMO_USERS) {
      const [row] = await db().select().from(contacts).where(eq(contacts.email, user.email));
      expect(row, user.email).toBeDefined();
      expect({ admin: row!.adminGroup, billing: row!.billingGroup, technical: row!.technicalGroup }).toEqual({
        admin: user.adminGroup,
        billing: user.billingGroup,
        technical: user.technicalGroup,
      });
      expect(row!.accountId).toBe(user.accountName === ACME.name ? acmeId : globexId);
      expect(`${row!.firstname} ${row!.lastname}`).toBe(user.fullName);
      expect(await verifyPassword(row!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
    const flags = (email: string) => DEMO_USERS.find((user) => user.email === email)!;
    expect(flags('alice.admin@acme.example')).toMatchObject({ adminGroup: true, billingGroup: true, technicalGroup: true });
    expect(flags('bill.billing@acme.example')).toMatchObject({ adminGroup: false, billingGroup: true, technicalGroup: false });
    expect(flags('tess.tech@acme.example')).toMatchObject({ adminGroup: false, billingGroup: false, technicalGroup: true });
    expect(flags('uma.user@acme.example')).toMatchObject({ adminGroup: false, billingGroup: false, technicalGroup: false });
    expect(flags('gina.admin@globex.example')).toMatchObject({ adminGroup: true, billingGroup: true, technicalGroup: false });
  });

  it('gives Acme more than ten contacts, with varied time zones and some mobiles', async () => {
    const rows = await db().select().from(contacts).where(eq(contacts.accountId, acmeId));
    expect(rows.length).toBeGreaterThan(10);
    expect(distinct(rows.map((row) => row.timeZone)).length).toBeGreaterThanOrEqual(6);
    expect(rows.some((row) => row.mobile !== null)).toBe(true);
    expect(rows.some((row) => row.mobile === null)).toBe(true);
  });

  it('has Acme services of every item type and status, including provisioning', async () => {
    const rows = await db().select().from(services).where(eq(services.accountId, acmeId));
    expect(distinct(rows.map((row) => row.itemType))).toEqual([...SERVICE_ITEM_TYPES].sort());
    expect(distinct(rows.map((row) => row.status))).toEqual([...SERVICE_STATUSES].sort());
    expect(distinct(rows.map((row) => row.provisionStatus))).toEqual([...PROVISION_STATUSES].sort());
    expect(rows.filter((row) => row.itemType === 'itp_voice' || row.itemType === 'paylink360').every((row) => row.apiId)).toBe(true);
    expect(typeof rows[0]!.price).toBe('number');
    const categories = await db().execute<{ category: string }>(
      sql`SELECT DISTINCT p.category FROM services s JOIN products p ON p.id = s.product_id WHERE s.account_id = ${acmeId} ORDER BY 1`,
    );
    expect(categories.rows.map((row) => row.category)).toEqual(['Cloud', 'Hosted Service', 'Voice']);
  });

  it('licenses some Acme contacts on voice services only', async () => {
    const rows = await db()
      .select({ itemType: services.itemType, accountId: licenses.accountId })
      .from(licenses)
      .innerJoin(services, eq(services.id, licenses.serviceId));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row) => row.itemType === 'itp_voice' && row.accountId === acmeId)).toBe(true);
  });

  it('gives Acme more than 20 statements, payments and orders, and a past-due balance with a stored visa', async () => {
    const [statementCount] = await db().select({ n: count() }).from(statements).where(eq(statements.accountId, acmeId));
    const [orderCount] = await db().select({ n: count() }).from(orders).where(eq(orders.accountId, acmeId));
    const paymentRows = await db().select().from(payments).where(eq(payments.accountId, acmeId));
    expect(statementCount!.n).toBeGreaterThan(20);
    expect(orderCount!.n).toBeGreaterThan(20);
    expect(paymentRows.length).toBeGreaterThan(20);
    expect(distinct(paymentRows.map((row) => row.paymentType))).toEqual([...PAYMENT_TYPES].sort());
    expect(paymentRows.some((row) => row.paymentStatus === 'Paid')).toBe(true);
    expect(paymentRows.some((row) => row.paymentStatus === 'Failed')).toBe(true);

    const [billing] = await db().select().from(billingAccounts).where(eq(billingAccounts.accountId, acmeId));
    expect(billing).toMatchObject({ id: ACME.billingApiId, automaticPayments: false, cardType: 'visa', cardLast4: '4242' });
    // The previous statement is at least 28 days old and was due 20 days after it was issued.
    expect(billing!.daysPastDue).toBeGreaterThanOrEqual(28 - STATEMENT_DUE_DAYS);
    expect(billing!.pastDueBalance).toBeGreaterThan(0);
    expect(billing!.balance).toBeGreaterThan(billing!.pastDueBalance);
  });

  it('has orders in every state the screens show, each with items', async () => {
    const rows = await db().select().from(orders).where(eq(orders.accountId, acmeId));
    expect(distinct(rows.map((row) => row.status))).toEqual(['cancelled', 'completed', 'new_order']);
    const items = await db().select().from(orderItems).where(eq(orderItems.accountId, acmeId));
    expect(new Set(items.map((item) => item.orderId)).size).toBe(rows.length);
    expect(distinct(items.map((item) => item.purchaseType))).toEqual([...ORDER_ITEM_PURCHASE_TYPES].sort());
    expect(items.some((item) => item.accountServiceSnapshot !== null)).toBe(true);
  });

  it('gives Globex no stored card and nothing past due', async () => {
    const [billing] = await db().select().from(billingAccounts).where(eq(billingAccounts.accountId, globexId));
    expect(billing).toMatchObject({
      id: GLOBEX.billingApiId,
      daysPastDue: 0,
      pastDueBalance: 0,
      cardLast4: null,
      cardGatewayToken: null,
      automaticPayments: false,
    });
  });

  it('has Acme assets of every type and status, vendors and credentials with one password hidden', async () => {
    const assetRows = await db().select().from(assets).where(eq(assets.accountId, acmeId));
    expect(distinct(assetRows.map((row) => row.type))).toEqual([...ASSET_TYPES].sort());
    expect(distinct(assetRows.map((row) => row.status))).toEqual([...ASSET_STATUSES].sort());
    expect(assetRows.every((row) => row.purchaseDate === null || /^\d{4}-\d{2}-\d{2}$/.test(row.purchaseDate))).toBe(true);
    const [vendorCount] = await db().select({ n: count() }).from(vendors).where(eq(vendors.accountId, acmeId));
    expect(vendorCount!.n).toBeGreaterThanOrEqual(5);

    const credentialRows = await db().select().from(credentials).where(eq(credentials.accountId, acmeId));
    expect(credentialRows.length).toBeGreaterThanOrEqual(8);
    expect(credentialRows.filter((row) => row.passwordHidden)).toHaveLength(1);
    for (const row of credentialRows) {
      expect(row.passwordSealed).toMatch(/^v1:/);
      expect(secretBox.open(row.passwordSealed!)).toMatch(/^\w+-\w+-\d{4}.$/);
    }
  });

  it('has the support tool catalogue', async () => {
    const rows = await db().select().from(supportTools);
    expect(distinct(rows.map((row) => row.type))).toEqual(SUPPORT_TOOL_TYPES.filter((type) => type !== 'other').sort());
    const rmm = rows.find((row) => row.type === 'rmm_agent')!;
    expect(rmm.requiresCustomBuild).toBe(true);
    expect(rmm.platforms).toEqual(['windows', 'mac', 'linux']);
  });

  it('has Acme tickets in every status and priority, assigned to the demo users or nobody', async () => {
    const rows = await db().select().from(tickets).where(eq(tickets.accountId, acmeId));
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(distinct(rows.map((row) => row.status))).toEqual([...TICKET_STATUSES].sort());
    expect(distinct(rows.map((row) => row.priority))).toEqual([...TICKET_PRIORITIES].sort());
    const acmeContacts = await db().select().from(contacts).where(eq(contacts.accountId, acmeId));
    const emailOf = new Map(acmeContacts.map((contact) => [contact.id, contact.email]));
    const assignees = new Set(rows.map((row) => (row.assignedContactId === null ? null : emailOf.get(row.assignedContactId))));
    expect(assignees).toEqual(new Set([null, 'alice.admin@acme.example', 'bill.billing@acme.example', 'tess.tech@acme.example', 'uma.user@acme.example']));
    expect(rows.some((row) => row.dueDate !== null)).toBe(true);
    expect(rows.some((row) => row.isBillable && row.isTaxable && row.timeRounded > 0)).toBe(true);
    expect(rows.some((row) => row.description.length > 150)).toBe(true);
    expect(rows.every((row) => row.createdAt <= NOW && row.lastModifiedAt <= NOW && row.lastModifiedAt >= row.createdAt)).toBe(true);
    expect(new Set(rows.map((row) => row.ticketNumber)).size).toBe(rows.length);
  });

  it('has conversations of 1 to 8 entries: provider HTML, customer plain text, portal and internal notes', async () => {
    const rows = await db().select().from(ticketEntries).where(eq(ticketEntries.accountId, acmeId));
    const perTicket = new Map<number, number>();
    for (const row of rows) perTicket.set(row.ticketId, (perTicket.get(row.ticketId) ?? 0) + 1);
    const [ticketCount] = await db().select({ n: count() }).from(tickets).where(eq(tickets.accountId, acmeId));
    expect(perTicket.size).toBe(ticketCount!.n);
    expect(Math.min(...perTicket.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perTicket.values())).toBeLessThanOrEqual(8);

    const provider = rows.filter((row) => row.fromAddress.endsWith('@itpartners.example'));
    const customer = rows.filter((row) => !row.fromAddress.endsWith('@itpartners.example'));
    expect(provider.some((row) => /<ul><li>/.test(row.content) && /<strong>/.test(row.content) && row.content.startsWith('<p>'))).toBe(true);
    expect(provider.some((row) => /<a href="https:\/\/[^"]+">/.test(row.content))).toBe(true);
    expect(provider.some((row) => row.createdBy === 'Jordan Reyes')).toBe(true);
    expect(customer.length).toBeGreaterThan(0);
    expect(customer.every((row) => !row.content.includes('<') && row.fromAddress.endsWith('@acme.example'))).toBe(true);
    expect(customer.some((row) => row.createdBy.endsWith(' (Customer Portal)'))).toBe(true);
    expect(rows.some((row) => row.isInternal)).toBe(true);
    expect(rows.every((row) => !row.content.includes('{'))).toBe(true);
  });

  it('keeps Globex data separate from Acme', async () => {
    const globexContacts = await db().select().from(contacts).where(eq(contacts.accountId, globexId));
    expect(globexContacts.every((contact) => contact.email.endsWith('@globex.example'))).toBe(true);
    const globexTickets = await db().select().from(tickets).where(eq(tickets.accountId, globexId));
    expect(globexTickets.length).toBeGreaterThan(0);
    const globexIds = new Set(globexContacts.map((contact) => contact.id));
    expect(globexTickets.every((ticket) => ticket.assignedContactId === null || globexIds.has(ticket.assignedContactId))).toBe(true);
    const globexEntries = await db().select().from(ticketEntries).where(eq(ticketEntries.accountId, globexId));
    expect(globexEntries.every((entry) => !entry.fromAddress.endsWith('@acme.example'))).toBe(true);
    for (const table of [assets, vendors, credentials, services, statements, payments, orders]) {
      const [row] = await db().select({ n: count() }).from(table).where(eq(table.accountId, globexId));
      expect(row!.n).toBeGreaterThan(0);
    }
    const crossed = await db()
      .select({ n: count() })
      .from(ticketEntries)
      .innerJoin(tickets, eq(tickets.id, ticketEntries.ticketId))
      .where(and(eq(tickets.accountId, globexId), eq(ticketEntries.accountId, acmeId)));
    expect(crossed[0]!.n).toBe(0);
  });

  it('gives the same data when seeded again into another fresh database', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, { secretBox, now: NOW });
      const subjects = async (database: TestDatabase) =>
        (
          await database.db.select({ number: tickets.ticketNumber, subject: tickets.subject, status: tickets.status }).from(tickets).orderBy(asc(tickets.id))
        ).map((row) => `${row.number} ${row.status} ${row.subject}`);
      expect(await subjects(other)).toEqual(await subjects(database));
      const statementIds = async (database: TestDatabase) =>
        await database.db.select({ id: statements.id, amount: statements.amountDue }).from(statements).orderBy(asc(statements.createdAt), asc(statements.id));
      expect(await statementIds(other)).toEqual(await statementIds(database));
    } finally {
      await other.close();
    }
  });
});
