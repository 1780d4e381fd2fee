import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { UNSUBSCRIBE_LINK_INVALID } from './notifications.service.js';

/**
 * Notifications by mail (issue 35, decision 0046), read from the outbox the mails go out from: the in-portal words, a
 * link to the thing, and a one-click unsubscribe (RFC 8058) that works signed out and switches off one category.
 */
let test: TestApp;
const db = () => test.database.db;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

async function accountWithAdmins() {
  const account = await createAccount(db());
  const inviter = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Ines' });
  const other = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Otto' });
  const token = (await signIn(test.app, inviter.email)).access_token;
  let n = 0;
  const invite = async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: bearer(token),
      payload: { user: { firstname: 'New', lastname: `Person${(n += 1)}`, email: `new.${n}.${account.id}@example.test`, time_zone: 'US/Eastern' } },
    });
    expect(response.statusCode).toBe(200);
  };
  const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return { account, inviter, other, invite, mailsTo };
}

describe('a notification by mail', () => {
  it('says what the portal says, links to it, and offers one-click unsubscribe', async () => {
    const { other, inviter, invite, mailsTo } = await accountWithAdmins();
    await invite();
    const [mail] = await mailsTo(other.email);
    const [notice] = await db().select().from(notifications).where(eq(notifications.contactId, other.id));
    expect(mail!.subject).toBe(notice!.title);
    expect(mail!.textBody).toContain('Hello Otto,');
    // One react-email template makes both parts: the button, and its address in the plain text.
    expect(mail!.textBody).toMatch(new RegExp(`Open it in the portal \\[?http://portal\\.test${notice!.link.replace(/[.?]/g, '\\$&')}`));
    expect(mail!.htmlBody).toContain(`href="http://portal.test${notice!.link}"`);
    expect(mail!.htmlBody).toContain('#1d4fb8');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/portal\/unsubscribe\?token=un1\.[^>]+>$/);
    expect(mail!.textBody).toMatch(/Stop e-mails about users \[?http:\/\/portal\.test\/unsubscribe\?link=un1\./);
    // The one who acted is not told of their own act.
    expect(await mailsTo(inviter.email)).toEqual([]);
  });

  it('unsubscribes in one click, signed out, from that category only', async () => {
    const { other, invite, mailsTo } = await accountWithAdmins();
    await invite();
    const [mail] = await mailsTo(other.email);
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    // As a mail program sends it (RFC 8058): a POST of the form, no sign-in.
    const response = await test.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(endpoints.unsubscribeFromEmail.result).parse(response.json())).toMatchObject({
      result: { category: 'users', email: false },
      message: 'You will no longer get e-mails about users.',
    });

    const token = (await signIn(test.app, other.email)).access_token;
    const preferences = successEnvelope(endpoints.getMyNotificationPreferences.result).parse(
      (await test.app.inject({ method: 'GET', url: '/api/portal/my-profile/notifications', headers: bearer(token) })).json(),
    ).result;
    expect(preferences.categories).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES.categories, users: { in_portal: true, email: false } });

    // The next invitation: in the portal still, by mail no more.
    await invite();
    expect(await mailsTo(other.email)).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.contactId, other.id))).toHaveLength(2);
  });

  it('refuses a link it did not sign, and a form body anywhere else', async () => {
    const refused = await test.app.inject({ method: 'POST', url: '/api/portal/unsubscribe?token=un1.1.1.users.forged', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(errorEnvelope.parse(refused.json()).fields).toEqual({ token: UNSUBSCRIBE_LINK_INVALID });
    const form = await test.app.inject({
      method: 'POST',
      url: '/api/crm/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(form.statusCode).toBe(415);
  });

  it('follows the choices: mail off, or the digest never, sends none', async () => {
    const { other, invite, mailsTo } = await accountWithAdmins();
    const token = (await signIn(test.app, other.email)).access_token;
    const save = (change: object) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/portal/my-profile/notifications',
        headers: bearer(token),
        payload: { ...structuredClone(DEFAULT_NOTIFICATION_PREFERENCES), ...change },
      });
    expect((await save({ email_digest: 'never' })).statusCode).toBe(200);
    await invite();
    expect((await save({ categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, users: { in_portal: true, email: false } } })).statusCode).toBe(200);
    await invite();
    expect(await mailsTo(other.email)).toEqual([]);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.contactId, other.id), eq(notifications.kind, 'user.invited'))),
    ).toHaveLength(2);
  });
});

describe('an event’s own mail (a technician’s reply)', () => {
  it('is not sent to a contact who switched the category’s mail off; the portal still tells them', async () => {
    const key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
    const account = await createAccount(db(), { externalId: `acct-mail-${Date.now()}` });
    const carla = await createContact(db(), { accountId: account.id });
    const ticket = await createTicket(db(), { accountId: account.id, externalId: `T-mail-${Date.now()}`, assignedContactId: carla.id });
    const push = (entry: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/provider/v1/accounts/${account.externalId}/tickets/${ticket.externalId}/entries/${entry}`,
        headers: keyHeader(key),
        payload: { author_name: 'Tom Tech', author_email: 'tom@provider.example', content: 'Fixed.' },
      });
    expect((await push('E-1')).statusCode).toBe(201);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, carla.email))).toHaveLength(1);

    const token = (await signIn(test.app, carla.email)).access_token;
    const off = {
      ...structuredClone(DEFAULT_NOTIFICATION_PREFERENCES),
      categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, tickets: { in_portal: true, email: false } },
    };
    expect((await test.app.inject({ method: 'PUT', url: '/api/portal/my-profile/notifications', headers: bearer(token), payload: off })).statusCode).toBe(200);
    expect((await push('E-2')).statusCode).toBe(201);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, carla.email))).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.contactId, carla.id))).toHaveLength(2);
  });
});

describe('a sign-in from a new browser', () => {
  it('is told to the user in the portal and by mail, whatever they chose, with no way to unsubscribe', async () => {
    const account = await createAccount(db());
    const dana = await createContact(db(), { accountId: account.id });
    const signInWith = async (userAgent: string) =>
      expect(
        (
          await test.app.inject({
            method: 'POST',
            url: '/api/crm/auth/login',
            headers: { 'user-agent': userAgent },
            payload: { username: dana.email, password: TEST_PASSWORD },
          })
        ).statusCode,
      ).toBe(200);
    const security = async () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.contactId, dana.id), eq(notifications.kind, 'sign_in.new_browser')))
        .orderBy(notifications.id);

    await signInWith('Mozilla/5.0 (Windows NT 10.0) Firefox/140.0');
    await signInWith('Mozilla/5.0 (Windows NT 10.0) Firefox/140.0');
    expect(await security()).toEqual([]);

    const token = (await signIn(test.app, dana.email)).access_token;
    const allOff = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    for (const category of Object.values(allOff.categories)) Object.assign(category, { in_portal: false, email: false });
    await test.app.inject({
      method: 'PUT',
      url: '/api/portal/my-profile/notifications',
      headers: bearer(token),
      payload: { ...allOff, email_digest: 'never' },
    });

    // The test's own sign-in above came from a browser of its own: one notice so far.
    expect(await security()).toHaveLength(1);
    await signInWith('Mozilla/5.0 (Macintosh) Safari/605.1.15');
    const notices = await security();
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({ category: 'security', title: 'New sign-in to your account', link: '/profile' });
    expect(notices[1]!.body).toContain('Safari/605.1.15');
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, dana.email)).orderBy(mailOutbox.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ subject: 'New sign-in to your account', headers: null });
    expect(mails[1]!.textBody).toContain('Safari/605.1.15');
    expect(mails[1]!.textBody).toContain('Security notices are always sent.');
  });
});
