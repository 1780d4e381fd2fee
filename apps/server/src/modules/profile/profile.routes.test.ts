import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { auditLog, contacts, mailOutbox } from '../../db/schema/index.js';
import { PROFILE_UPDATED } from './profile.routes.js';
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
    const response = await patch({ firstname: 'Rena', lastname: 'Med', email: newEmail.toUpperCase(), timezone: 'UTC' }, token);
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
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.contactId, contact.id), eq(auditLog.action, 'profile.updated')));
    expect(audit!.details).toMatchObject({ old_email: contact.email, new_email: newEmail });
  });

  it('refuses an e-mail another contact uses, in any account and any case, with a clear message', async () => {
    const { contact, token } = await signedInContact();
    const elsewhere = await createContact(db(), { accountId: (await createAccount(db())).id });
    const response = await patch({ firstname: 'A', lastname: 'B', email: elsewhere.email.toUpperCase(), timezone: 'UTC' }, token);
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

  it('refuses an anonymous caller', async () => {
    expect((await patch({ firstname: 'A', lastname: 'B', email: 'a@b.cd', timezone: 'UTC' })).statusCode).toBe(401);
  });
});
