import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { auditLog, contacts, mailOutbox } from '../../db/schema/index.js';
import { PROFILE_UPDATED } from './profile.routes.js';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '../auth/auth.messages.js';
import { emailTakenMessage, TIME_ZONE_REFUSED } from './profile.service.js';

let test: TestApp;
let accountId: number;

beforeAll(async () => {
  test = await buildTestApp();
  accountId = (await createAccount(test.database.db)).id;
});
afterAll(() => test.close());

const db = () => test.database.db;
const patch = (payload: unknown, token?: string) =>
  test.app.inject({ method: 'PATCH', url: '/api/portal/my-profile', payload: payload as object, headers: token ? bearer(token) : {} });
const errorOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

async function signedInContact(overrides: Partial<Parameters<typeof createContact>[1]> = {}) {
  const contact = await createContact(db(), { accountId, ...overrides });
  return { contact, token: (await signIn(test.app, contact.email)).access_token };
}

describe('PATCH /api/portal/my-profile', () => {
  it('updates the name and time zone and returns the contact', async () => {
    const { contact, token } = await signedInContact({ adminGroup: true });
    const response = await patch({ firstname: ' Ada ', lastname: 'Lovelace', email: contact.email, timezone: 'US/Pacific' }, token);
    expect(response.statusCode).toBe(200);
    const body = successEnvelope(endpoints.updateMyProfile.result).parse(response.json());
    expect(body.message).toBe(PROFILE_UPDATED);
    expect(body.result).toMatchObject({
      pk: contact.id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: contact.email,
      time_zone: 'US/Pacific',
      admin_group: true,
      account_id: accountId,
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email));
    expect(mails).toHaveLength(0);
  });

  it('changes the sign-in username with the e-mail and tells the old address', async () => {
    const { contact, token } = await signedInContact();
    const newEmail = `renamed.${contact.id}@example.test`;
    const response = await patch(
      { firstname: 'Rena', lastname: 'Med', email: newEmail.toUpperCase(), timezone: 'UTC', current_password: TEST_PASSWORD },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(endpoints.updateMyProfile.result).parse(response.json()).result.email).toBe(newEmail);

    const oldLogin = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: TEST_PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    expect((await signIn(test.app, newEmail)).email).toBe(newEmail);
    // The session that made the change goes on working.
    expect((await test.app.inject({ method: 'GET', url: '/api/crm/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email));
    expect(mail!.subject).toMatch(/sign-in e-mail was changed/);
    expect(mail!.textBody).toContain(newEmail);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, contact.id), eq(auditLog.action, 'profile.updated')));
    expect(audit!.details).toMatchObject({ old_email: contact.email, new_email: newEmail });
  });

  it('refuses an e-mail another contact uses, in any account and any case, with a clear message', async () => {
    const { contact, token } = await signedInContact();
    const elsewhere = await createContact(db(), { accountId: (await createAccount(db())).id });
    const response = await patch(
      { firstname: 'A', lastname: 'B', email: elsewhere.email.toUpperCase(), timezone: 'UTC', current_password: TEST_PASSWORD },
      token,
    );
    expect(response.statusCode).toBe(409);
    const error = errorOf(response);
    expect(error.message).toBe(emailTakenMessage(elsewhere.email));
    expect(error.fields).toEqual({ email: emailTakenMessage(elsewhere.email) });
    const [unchanged] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(unchanged!.email).toBe(contact.email);
  });

  it('changes only the caller’s own contact', async () => {
    const { contact, token } = await signedInContact();
    const colleague = await createContact(db(), { accountId, firstname: 'Colleague' });
    await patch({ firstname: 'Me', lastname: 'Myself', email: contact.email, timezone: 'UTC', pk: colleague.id }, token);
    const [after] = await db().select().from(contacts).where(eq(contacts.id, colleague.id));
    expect(after!.firstname).toBe('Colleague');
  });

  it('refuses bad input, naming each field', async () => {
    const { token } = await signedInContact();
    const response = await patch({ firstname: ' ', lastname: '', email: 'not-an-email', timezone: '' }, token);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Please enter a valid email address',
      timezone: 'Timezone is required',
    });
  });

  it('accepts the profile time zones and the contact’s current one, and refuses others', async () => {
    const { contact, token } = await signedInContact({ timeZone: 'America/Chicago' });
    const keep = await patch({ firstname: 'A', lastname: 'B', email: contact.email, timezone: 'America/Chicago' }, token);
    expect(keep.statusCode).toBe(200);
    const refused = await patch({ firstname: 'A', lastname: 'B', email: contact.email, timezone: 'Mars/Olympus_Mons' }, token);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ timezone: TIME_ZONE_REFUSED });
  });

  it('asks for the current password before the sign-in e-mail changes (ASVS V6/V7)', async () => {
    const { contact, token } = await signedInContact();
    const change = (extra: Record<string, unknown>) =>
      patch({ firstname: 'Ann', lastname: 'Other', email: `moved.${contact.id}@example.test`, timezone: 'UTC', ...extra }, token);

    const missing = await change({});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ current_password: CURRENT_PASSWORD_REQUIRED });
    const wrong = await change({ current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ current_password: CURRENT_PASSWORD_WRONG });
    const [unchanged] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(unchanged).toMatchObject({ email: contact.email, firstname: 'Test' });
    const failures = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, contact.id), eq(auditLog.action, 'auth.password_confirmation')));
    expect(failures).toHaveLength(1);

    const right = await change({ current_password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(successEnvelope(endpoints.updateMyProfile.result).parse(right.json()).result.email).toBe(`moved.${contact.id}@example.test`);
  });

  it('needs no password when only the name or time zone changes', async () => {
    const { contact, token } = await signedInContact();
    const response = await patch({ firstname: 'Just', lastname: 'Renamed', email: contact.email.toUpperCase(), timezone: 'US/Central' }, token);
    expect(response.statusCode).toBe(200);
  });

  it('counts wrong passwords with the sign-in failures, so it is no way around the throttle', async () => {
    const { contact, token } = await signedInContact();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await patch(
        { firstname: 'A', lastname: 'B', email: `guess.${contact.id}@example.test`, timezone: 'UTC', current_password: `guess-${attempt}` },
        token,
      );
      expect(wrong.statusCode).toBe(400);
    }
    const throttled = await patch(
      { firstname: 'A', lastname: 'B', email: `guess.${contact.id}@example.test`, timezone: 'UTC', current_password: TEST_PASSWORD },
      token,
    );
    expect(throttled.statusCode).toBe(429);
    const signInNow = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: TEST_PASSWORD } });
    expect(signInNow.statusCode).toBe(429);
  });

  it('refuses an anonymous caller', async () => {
    expect((await patch({ firstname: 'A', lastname: 'B', email: 'a@b.cd', timezone: 'UTC' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/portal/my-profile/preferences', () => {
  const save = (payload: unknown, token: string) =>
    test.app.inject({ method: 'PATCH', url: '/api/portal/my-profile/preferences', payload: payload as object, headers: bearer(token) });

  it('keeps the theme on the contact, so the next sign-in (in any browser) starts with it', async () => {
    const { contact, token } = await signedInContact();
    expect((await signIn(test.app, contact.email)).ui_color_mode).toBe('light');
    const response = await save({ ui_color_mode: 'dark' }, token);
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(endpoints.updateMyPreferences.result).parse(response.json()).result).toEqual({ ui_color_mode: 'dark' });
    expect((await signIn(test.app, contact.email)).ui_color_mode).toBe('dark');
    expect((await save({ ui_color_mode: 'auto' }, token)).statusCode).toBe(200);
    expect((await signIn(test.app, contact.email)).ui_color_mode).toBe('auto');
  });

  it('refuses an unknown theme or another field, and changes nothing', async () => {
    const { contact, token } = await signedInContact();
    for (const payload of [{ ui_color_mode: 'sepia' }, { ui_color_mode: 'dark', admin_group: true }, {}]) {
      const response = await save(payload, token);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors).toBe(true);
    }
    const [row] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ uiColorMode: 'light', adminGroup: false });
  });
});
