import { and, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { waitsForDigest } from './audience.js';
import { createDigestRunner, localClock } from './digest.js';
import { savePreferences } from './notifications.repository.js';

/**
 * The daily digest (issue 35, decision 0046), on a clock the test sets: a reader who chose "once a day" is not mailed
 * each notice, and from 07:00 of their own time zone gets one mail with what is unread since their last digest.
 */
let test: TestApp;
const db = () => test.database.db;
const daily: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, email_digest: 'daily' };

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const runner = () =>
  createDigestRunner({
    db: db(),
    mailer: test.container.mailer,
    portal: { providerName: 'Acme IT', providerColor: '#1d4fb8', portalUrl: 'http://portal.test' },
  });

async function accountWithDailyReader() {
  const account = await createAccount(db());
  const inviter = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Ines' });
  // Berlin: 07:00 there is 05:00 UTC in June.
  const reader = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Otto', timeZone: 'Europe/Berlin' });
  await savePreferences(db(), account.id, reader.id, daily);
  const token = (await signIn(test.app, inviter.email)).access_token;
  let n = 0;
  /** An invitation by Ines: a users notice to every other admin, made at `at`. */
  const invite = async (at: string) => {
    n += 1;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: bearer(token),
      payload: { user: { firstname: `New${n}`, lastname: 'Person', email: `new.${n}.${account.id}@example.test`, time_zone: 'US/Eastern' } },
    });
    expect(response.statusCode).toBe(200);
    await db()
      .update(notifications)
      .set({ createdAt: new Date(at) })
      .where(and(eq(notifications.contactId, reader.id), gt(notifications.createdAt, new Date(Date.now() - 60_000))));
  };
  const mailsTo = () => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, reader.email)).orderBy(mailOutbox.id);
  return { account, reader, invite, mailsTo };
}

describe('the daily digest', () => {
  it('holds a notice back from a daily reader, then mails the day’s unread in one mail from 07:00 of their zone, once', async () => {
    const { reader, invite, mailsTo } = await accountWithDailyReader();
    await invite('2026-06-10T03:00:00Z');
    await invite('2026-06-10T03:30:00Z');
    expect(await db().select().from(notifications).where(eq(notifications.contactId, reader.id))).toHaveLength(2);
    // Not mailed as they happened.
    expect(await mailsTo()).toEqual([]);

    // 06:30 in Berlin: not yet.
    expect(await runner().runOnce(new Date('2026-06-10T04:30:00Z'))).toBe(0);
    // 07:10 in Berlin: one mail with both.
    expect(await runner().runOnce(new Date('2026-06-10T05:10:00Z'))).toBe(1);
    const [digest] = await mailsTo();
    expect(digest!.subject).toBe('Your daily summary: 2 notifications from Acme IT');
    expect(digest!.textBody).toContain('Hello Otto,');
    expect(digest!.textBody).toContain('New1 (');
    expect(digest!.textBody).toContain('New2 (');
    expect(digest!.htmlBody).toContain('href="http://portal.test/notifications"');
    expect(digest!.htmlBody).toContain('href="http://portal.test/profile"');

    // Later the same day, and on another instance: no second mail.
    expect(await runner().runOnce(new Date('2026-06-10T09:10:00Z'))).toBe(0);
    expect(await mailsTo()).toHaveLength(1);
  });

  it('carries only what came since the last digest and is still unread; a day with nothing mails nothing', async () => {
    const { reader, invite, mailsTo } = await accountWithDailyReader();
    await invite('2026-06-10T03:00:00Z');
    expect(await runner().runOnce(new Date('2026-06-10T05:10:00Z'))).toBe(1);
    // Nothing new the next day.
    expect(await runner().runOnce(new Date('2026-06-11T05:10:00Z'))).toBe(0);
    // Two more, one read in the portal before the digest.
    await invite('2026-06-11T10:00:00Z');
    await invite('2026-06-11T11:00:00Z');
    await db()
      .update(notifications)
      .set({ readAt: new Date('2026-06-11T12:00:00Z') })
      .where(and(eq(notifications.contactId, reader.id), like(notifications.title, 'New2 (%')));
    expect(await runner().runOnce(new Date('2026-06-12T05:10:00Z'))).toBe(1);
    const mails = await mailsTo();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your daily summary: One notification from Acme IT');
    expect(mails[1]!.textBody).toContain('New3 (');
    expect(mails[1]!.textBody).not.toContain('New1 (');
    expect(mails[1]!.textBody).not.toContain('New2 (');
  });

  it('leaves out a category whose mail is off, and the account default’s daily choice applies to those without their own', async () => {
    const account = await createAccount(db());
    const inviter = await createContact(db(), { accountId: account.id, adminGroup: true });
    const byDefault = await createContact(db(), { accountId: account.id, adminGroup: true, timeZone: 'UTC' });
    const usersOff = await createContact(db(), { accountId: account.id, adminGroup: true, timeZone: 'UTC' });
    await savePreferences(db(), account.id, null, daily);
    await savePreferences(db(), account.id, usersOff.id, {
      ...daily,
      categories: { ...daily.categories, users: { in_portal: true, email: false } },
    });
    const token = (await signIn(test.app, inviter.email)).access_token;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: bearer(token),
      payload: { user: { firstname: 'New', lastname: 'Hire', email: `hire.${account.id}@example.test`, time_zone: 'US/Eastern' } },
    });
    expect(response.statusCode).toBe(200);
    const now = new Date(Date.now() + 60_000);
    const morning = localClock(now, 'UTC').hour >= 7 ? now : new Date(now.getTime() + (7 - localClock(now, 'UTC').hour) * 3_600_000);
    expect(await runner().runOnce(morning)).toBe(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, byDefault.email))).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, usersOff.email))).toEqual([]);
  });
});

describe('a technician’s reply to a daily reader', () => {
  it('is not mailed in its own words at once: the day’s digest carries it', async () => {
    const account = await createAccount(db(), { externalId: `digest-reply-${Date.now()}` });
    const dana = await createContact(db(), { accountId: account.id, firstname: 'Dana', timeZone: 'UTC' });
    await savePreferences(db(), account.id, dana.id, daily);
    await createTicket(db(), { accountId: account.id, externalId: 'T-D', assignedContactId: dana.id, subject: 'Badge reader' });
    const key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
    const pushed = await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${account.externalId}/tickets/T-D/entries/E-1`,
      headers: keyHeader(key),
      payload: { author_name: 'Tom Tech', author_email: 'tom@provider.example', content: 'New reader fitted.' },
    });
    expect(pushed.statusCode).toBe(201);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, dana.email))).toEqual([]);
    const [notice] = await db().select().from(notifications).where(eq(notifications.contactId, dana.id));
    expect(notice!.kind).toBe('ticket.reply');
  });
});

describe('what waits for the digest', () => {
  it('is a daily reader’s notice of a category they keep in the portal, never a security notice', () => {
    expect(waitsForDigest('tickets', daily)).toBe(true);
    expect(waitsForDigest('security', daily)).toBe(false);
    expect(waitsForDigest('tickets', DEFAULT_NOTIFICATION_PREFERENCES)).toBe(false);
    // Kept out of the portal, it has no place in the digest, so it is mailed at once.
    expect(waitsForDigest('tickets', { ...daily, categories: { ...daily.categories, tickets: { in_portal: false, email: true } } })).toBe(false);
  });

  it('reads the hour and date in the reader’s zone, and an unknown zone as UTC', () => {
    expect(localClock(new Date('2026-06-10T05:10:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-06-10', hour: 7 });
    expect(localClock(new Date('2026-06-10T02:00:00Z'), 'US/Eastern')).toEqual({ date: '2026-06-09', hour: 22 });
    expect(localClock(new Date('2026-06-10T05:10:00Z'), 'Not/AZone')).toEqual({ date: '2026-06-10', hour: 5 });
  });
});
