import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, endpoints, errorEnvelope, successEnvelope, type NotificationPreferences } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { inTransaction } from '../../db/transaction.js';
import { notifications } from '../../db/schema/index.js';
import { SYSTEM } from '../../events/domain-event.js';

let test: TestApp;
let key: string;
const db = () => test.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
});
afterAll(() => test.close());

const errorOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
const as = (token: string) => ({ headers: bearer(token) });

async function signedIn(accountId: number, flags: Partial<Parameters<typeof createContact>[1]> = {}) {
  const contact = await createContact(db(), { accountId, ...flags });
  return { contact, token: (await signIn(test.app, contact.email)).access_token };
}

/** An account with a ticket of its contact, an administrator, and a way to push a technician's reply. */
async function accountWithTicket() {
  const account = await createAccount(db(), { externalId: `acct-${Math.random().toString(36).slice(2)}` });
  const carla = await signedIn(account.id, { firstname: 'Carla' });
  const admin = await signedIn(account.id, { adminGroup: true });
  const ticket = await createTicket(db(), {
    accountId: account.id,
    externalId: `T-${Math.random()}`,
    assignedContactId: carla.contact.id,
    subject: 'Printer offline',
  });
  let n = 0;
  const pushReply = (entry: object = {}) =>
    test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${account.externalId}/tickets/${ticket.externalId}/entries/E-${(n += 1)}`,
      headers: keyHeader(key),
      payload: { author_name: 'Tom Tech', author_email: 'tom@provider.example', content: '<p>Restarted the spooler.</p>', ...entry },
    });
  return { account, carla, admin, ticket, pushReply };
}

const list = async (token: string, query = '') => {
  const response = await test.app.inject({ method: 'GET', url: `/api/portal/notifications${query}`, ...as(token) });
  expect(response.statusCode).toBe(200);
  return successEnvelope(endpoints.listNotifications.result).parse(response.json()).result;
};
const putPreferences = (token: string, body: unknown) =>
  test.app.inject({ method: 'PUT', url: '/api/portal/my-profile/notifications', payload: body as object, ...as(token) });
const preferencesWith = (change: (p: NotificationPreferences) => void) => {
  const preferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(preferences);
  return preferences;
};

describe('notifications of a technician’s reply', () => {
  it('tell the ticket’s contact, with a link to the ticket, and no one else by default', async () => {
    const { carla, admin, ticket, pushReply } = await accountWithTicket();
    const other = await signedIn((await createAccount(db())).id, { adminGroup: true });
    expect((await pushReply()).statusCode).toBe(201);

    const mine = await list(carla.token);
    expect(mine.unread_count).toBe(1);
    expect(mine.total_count).toBe(1);
    expect(mine.notifications[0]).toMatchObject({
      category: 'tickets',
      kind: 'ticket.reply',
      title: `New reply on ticket ${ticket.ticketNumber}: Printer offline`,
      body: 'Tom Tech replied.',
      link: `/tickets/${ticket.id}`,
      read_at: null,
    });
    expect((await list(admin.token)).total_count).toBe(0);
    expect((await list(other.token)).total_count).toBe(0);
  });

  it('tell an administrator who opted in to every ticket of the account', async () => {
    const { admin, pushReply } = await accountWithTicket();
    expect(
      (
        await putPreferences(
          admin.token,
          preferencesWith((p) => (p.all_account_tickets = true)),
        )
      ).statusCode,
    ).toBe(200);
    await pushReply();
    expect((await list(admin.token)).unread_count).toBe(1);
  });

  it('leave out a private note, and whoever switched tickets off in the portal', async () => {
    const { carla, pushReply } = await accountWithTicket();
    await pushReply({ visible_to_customer: false });
    expect((await list(carla.token)).total_count).toBe(0);
    await putPreferences(
      carla.token,
      preferencesWith((p) => (p.categories.tickets.in_portal = false)),
    );
    await pushReply();
    expect((await list(carla.token)).total_count).toBe(0);
  });

  it('tell the contact of an administrator’s reply in the portal, and not the administrator who wrote it', async () => {
    const { carla, admin, ticket } = await accountWithTicket();
    await putPreferences(
      admin.token,
      preferencesWith((p) => (p.all_account_tickets = true)),
    );
    const reply = await test.app.inject({ method: 'POST', url: `/api/crm/nable-tickets/${ticket.id}`, payload: { description: 'On it.' }, ...as(admin.token) });
    expect(reply.statusCode).toBe(200);
    expect((await list(carla.token)).notifications.map((n) => n.kind)).toEqual(['ticket.reply']);
    expect((await list(admin.token)).total_count).toBe(0);
  });

  it('are written with the change or not at all', async () => {
    const { account, carla } = await accountWithTicket();
    const before = await db().select().from(notifications).where(eq(notifications.contactId, carla.contact.id));
    await expect(
      inTransaction(db(), async (tx) => {
        await test.container.events.record(tx, {
          type: 'auth.password_changed',
          accountId: account.id,
          actor: SYSTEM,
          data: { contact_id: carla.contact.id, email: carla.contact.email, firstname: 'Carla', via: 'reset' },
        });
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    expect(await db().select().from(notifications).where(eq(notifications.contactId, carla.contact.id))).toEqual(before);
  });
});

describe('notifications of a ticket’s status', () => {
  it('tell the ticket’s contact when the provider changes it, and that it closed, asking how it went', async () => {
    const { account, carla, ticket } = await accountWithTicket();
    const push = (status: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/provider/v1/accounts/${account.externalId}/tickets/${ticket.externalId}`,
        headers: keyHeader(key),
        payload: { ticket_number: ticket.ticketNumber, subject: 'Printer offline', description: 'It stopped.', status, priority: 'medium' },
      });
    expect((await push('New')).statusCode).toBeLessThan(300);
    expect((await list(carla.token)).total_count).toBe(0);
    await push('In Progress');
    await push('In Progress');
    await push('Complete');
    const titles = (await list(carla.token)).notifications.map((n) => [n.kind, n.title, n.body]);
    expect(titles).toEqual([
      [
        'ticket.closed',
        `Ticket ${ticket.ticketNumber} was closed: Printer offline`,
        'It was In Progress. If it was yours: how did we do? Rate it from 1 to 5 in the portal.',
      ],
      ['ticket.status_changed', `Ticket ${ticket.ticketNumber} is now In Progress: Printer offline`, 'It was New.'],
    ]);
  });
});

describe('notifications of an asset', () => {
  it('tell the administrators once when the provider marks it retired', async () => {
    const { account, admin, carla } = await accountWithTicket();
    const inventoryKey = await createTestApiKey(db(), ['inventory:write'], { name: 'RMM' });
    const push = (status: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/provider/v1/accounts/${account.externalId}/assets/RMM-1`,
        headers: keyHeader(inventoryKey),
        payload: { name: 'Front desk PC', type: 'desktop', status },
      });
    expect((await push('active')).statusCode).toBeLessThan(300);
    await push('retired');
    await push('retired');
    expect((await list(admin.token)).notifications.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['asset.retired', 'Front desk PC was marked retired', '/it-assets'],
    ]);
    expect((await list(carla.token)).total_count).toBe(0);
  });
});

describe('reading notifications', () => {
  it('marks one and then all read, pages newest first, and never shows or touches another user’s', async () => {
    const { carla, admin, pushReply } = await accountWithTicket();
    for (let i = 0; i < 3; i += 1) await pushReply();
    const page = await list(carla.token, '?limit=2&offset=0');
    expect(page).toMatchObject({ total_count: 3, unread_count: 3 });
    expect(page.notifications).toHaveLength(2);
    expect(page.notifications[0]!.id).toBeGreaterThan(page.notifications[1]!.id);
    expect((await list(carla.token, '?limit=2&offset=2')).notifications).toHaveLength(1);

    const first = page.notifications[0]!;
    const stranger = await test.app.inject({ method: 'POST', url: `/api/portal/notifications/${first.id}/read`, ...as(admin.token) });
    expect(stranger.statusCode).toBe(404);
    const read = await test.app.inject({ method: 'POST', url: `/api/portal/notifications/${first.id}/read`, ...as(carla.token) });
    expect(read.statusCode).toBe(200);
    expect(successEnvelope(endpoints.markNotificationRead.result).parse(read.json()).result.read_at).not.toBeNull();
    expect(await list(carla.token, '?unread=true')).toMatchObject({ total_count: 2, unread_count: 2 });

    const all = await test.app.inject({ method: 'POST', url: '/api/portal/notifications/read-all', ...as(carla.token) });
    expect(successEnvelope(endpoints.markAllNotificationsRead.result).parse(all.json()).result).toEqual({ unread_count: 0 });
    expect((await list(carla.token)).unread_count).toBe(0);
  });

  it('refuses a bad page with the field named', async () => {
    const { carla } = await accountWithTicket();
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?offset=-1', 'offset'],
      ['?unread=maybe', 'unread'],
    ] as const) {
      const response = await test.app.inject({ method: 'GET', url: `/api/portal/notifications${query}`, ...as(carla.token) });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
  });
});

describe('notification preferences', () => {
  it('start from the portal’s default, keep security on whatever is sent, and are the caller’s own', async () => {
    const { carla, admin } = await accountWithTicket();
    const get = async (token: string) =>
      successEnvelope(endpoints.getMyNotificationPreferences.result).parse(
        (await test.app.inject({ method: 'GET', url: '/api/portal/my-profile/notifications', ...as(token) })).json(),
      ).result;
    expect(await get(carla.token)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, from_account_default: true });

    const saved = await putPreferences(
      carla.token,
      preferencesWith((p) => {
        p.categories.billing = { in_portal: false, email: false };
        p.categories.security = { in_portal: false, email: false };
        p.email_digest = 'daily';
      }),
    );
    expect(saved.statusCode).toBe(200);
    const mine = await get(carla.token);
    expect(mine).toMatchObject({ from_account_default: false, email_digest: 'daily', categories: { billing: { in_portal: false, email: false } } });
    expect(mine.categories.security).toEqual({ in_portal: true, email: true });
    expect(await get(admin.token)).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, from_account_default: true });
  });

  it('refuses bad choices with the field named, and unknown ones', async () => {
    const { carla } = await accountWithTicket();
    const cases: [unknown, string][] = [
      [preferencesWith((p) => ((p as { email_digest: string }).email_digest = 'weekly')), 'email_digest'],
      [preferencesWith((p) => ((p.categories.tickets as { email: unknown }).email = 'yes')), 'categories.tickets.email'],
      [{ ...DEFAULT_NOTIFICATION_PREFERENCES, all_account_tickets: undefined }, 'all_account_tickets'],
      [
        { ...DEFAULT_NOTIFICATION_PREFERENCES, categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, marketing: { in_portal: true, email: true } } },
        'categories',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await putPreferences(carla.token, body);
      expect(response.statusCode, field).toBe(400);
      expect(JSON.stringify(errorOf(response)), field).toContain(field);
    }
  });

  it('take the account’s default, which only an administrator sets, until a user chooses their own', async () => {
    const { carla, admin, pushReply } = await accountWithTicket();
    const defaults = preferencesWith((p) => (p.categories.tickets.in_portal = false));
    const refused = await test.app.inject({ method: 'PUT', url: '/api/portal/notification-defaults', payload: defaults, ...as(carla.token) });
    expect(refused.statusCode).toBe(403);
    const set = await test.app.inject({ method: 'PUT', url: '/api/portal/notification-defaults', payload: defaults, ...as(admin.token) });
    expect(set.statusCode).toBe(200);
    expect(successEnvelope(endpoints.updateAccountNotificationDefaults.result).parse(set.json()).result.categories.tickets.in_portal).toBe(false);

    await pushReply();
    expect((await list(carla.token)).total_count).toBe(0);
    await putPreferences(carla.token, DEFAULT_NOTIFICATION_PREFERENCES);
    await pushReply();
    expect((await list(carla.token)).total_count).toBe(1);
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.contactId, carla.contact.id)));
    expect(rows).toHaveLength(1);
  });
});
