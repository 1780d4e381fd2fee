import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createService, createTicket, createTicketEntry } from '../../../test/factories.js';
import { auditLog, contacts, domainEvents, mailOutbox, tickets } from '../../db/schema/index.js';
import { emailTakenMessage } from '../profile/profile.service.js';
import { DELETE_SELF, LAST_ADMIN, OWN_ADMIN_FLAG } from './users.policy.js';
import { ALREADY_LICENSED, ALREADY_SIGNED_IN, NOT_LICENSABLE } from './users.service.js';
import { MOBILE_NUMBER_INVALID } from '@portal/contract';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
type Payload = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: Payload) =>
  test.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
const resultOf = <T>(response: { json(): unknown }, schema: { parse(v: unknown): T }) => schema.parse(response.json());
const errorOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

/** An account with an administrator signed in, and a voice service with `seats` seats. */
async function adminAccount(seats = 5) {
  const account = await createAccount(db());
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Alice', lastname: 'Admin' });
  const voice = await createService(db(), { accountId: account.id, itemType: 'itp_voice', metadata: { purchased_users: seats } });
  const token = (await signIn(test.app, admin.email)).access_token;
  return { account, admin, voice, token };
}

const newUser = (overrides: Payload = {}) => ({
  firstname: 'Nia',
  lastname: 'Newcomer',
  email: `nia.${Math.random().toString(36).slice(2, 8)}@example.test`,
  mobile: '+1 617 555 0142',
  time_zone: 'US/Central',
  admin_group: false,
  billing_group: true,
  technical_group: false,
  ...overrides,
});

describe('GET /api/crm/contacts and /crm/contacts/stats', () => {
  it('lists the account’s users with full name, roles, time zone and licenses, searched and paged on the server', async () => {
    const { account, admin, voice, token } = await adminAccount();
    const zed = await createContact(db(), { accountId: account.id, firstname: 'Zed', lastname: 'Zulu', technicalGroup: true, password: null });
    await createContact(db(), { accountId: (await createAccount(db())).id, firstname: 'Other', lastname: 'Account' });
    expect((await call('POST', `/crm/contacts/${zed.id}/licenses`, token, { service_id: voice.id })).statusCode).toBe(200);

    const all = resultOf(await call('GET', '/crm/contacts', token), successEnvelope(endpoints.listContacts.result)).result;
    expect(all.map((u) => u.full_name)).toEqual(['Alice Admin', 'Zed Zulu']);
    expect(all[1]).toMatchObject({ pk: zed.id, technical_group: true, licenses_count: 1, invitation_pending: true, account_id: account.id });
    expect(all[0]).toMatchObject({ pk: admin.id, admin_group: true, licenses_count: 0, licenses: [], invitation_pending: false });
    expect(all[1]!.licenses).toEqual([{ pk: expect.any(Number), service_id: voice.id, service_name: expect.any(String) }]);

    const found = resultOf(await call('GET', '/crm/contacts?search=zul', token), successEnvelope(endpoints.listContacts.result)).result;
    expect(found.map((u) => u.pk)).toEqual([zed.id]);
    const page = resultOf(await call('GET', '/crm/contacts?limit=1&offset=1', token), successEnvelope(endpoints.listContacts.result)).result;
    expect(page.map((u) => u.pk)).toEqual([zed.id]);

    const stats = resultOf(await call('GET', '/crm/contacts/stats?search=zed', token), successEnvelope(endpoints.contactStats.result)).result;
    expect(stats).toEqual({ total: 2, admins: 1, billing: 0, technical: 1, matching: 1 });
  });
});

describe('POST /api/crm/contacts', () => {
  it('adds the user to the caller’s account whatever account_id is sent, and e-mails an invitation', async () => {
    const { account, admin, token } = await adminAccount();
    const elsewhere = await createAccount(db());
    const input = newUser();
    const response = await call('POST', '/crm/contacts', token, { user: { ...input, account_id: elsewhere.id } });
    expect(response.statusCode).toBe(200);
    const created = resultOf(response, successEnvelope(endpoints.createContact.result)).result;
    expect(created).toMatchObject({
      account_id: account.id,
      full_name: 'Nia Newcomer',
      email: input.email,
      billing_group: true,
      time_zone: 'US/Central',
      invitation_pending: true,
    });

    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(mail!.subject).toMatch(/invited/);
    expect(mail!.textBody).toContain('Alice Admin added you');
    const link = /https?:\/\/\S+\/page-change-password\?token=(\S+)/.exec(mail!.textBody);
    expect(link).not.toBeNull();

    // No sign-in before the invitation is followed; afterwards, with the chosen password.
    const early = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: input.email, password: 'anything-at-all' } });
    expect(early.statusCode).toBe(401);
    const token2 = decodeURIComponent(link![1]!);
    const choose = await test.app.inject({
      method: 'PATCH',
      url: '/api/crm/myprofile',
      headers: bearer(token2),
      payload: { password: 'violet-harbour-trains-19' },
    });
    expect(choose.statusCode).toBe(200);
    expect((await signIn(test.app, input.email, 'violet-harbour-trains-19')).account_id).toBe(account.id);
    const again = await test.app.inject({ method: 'PATCH', url: '/api/crm/myprofile', headers: bearer(token2), payload: { password: 'another-pass-2026-x' } });
    expect(again.statusCode).toBe(401);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, created.pk), eq(auditLog.action, 'users.created')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor).toBe(admin.email);
  });

  it('refuses a taken e-mail in any account and any case, and bad fields with the product’s messages', async () => {
    const { token } = await adminAccount();
    const taken = await createContact(db(), { accountId: (await createAccount(db())).id });
    const duplicate = await call('POST', '/crm/contacts', token, { user: newUser({ email: taken.email.toUpperCase() }) });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).fields).toEqual({ email: emailTakenMessage(taken.email) });

    const bad = await call('POST', '/crm/contacts', token, { user: { firstname: ' ', lastname: '', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      'user.firstname': 'First name is required',
      'user.lastname': 'Last name is required',
      'user.email': 'Please enter a valid email address',
    });
    const zone = await call('POST', '/crm/contacts', token, { user: newUser({ time_zone: 'Europe/Paris' }) });
    expect(zone.statusCode).toBe(400);
  });

  it('refuses a mobile number that is not a valid phone number, and takes one without a country code as North American', async () => {
    const { token } = await adminAccount();
    const bad = newUser({ mobile: '12345' });
    const refused = await call('POST', '/crm/contacts', token, { user: bad });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ message: MOBILE_NUMBER_INVALID, fields: { mobile: MOBILE_NUMBER_INVALID } });
    expect(await db().select().from(contacts).where(eq(contacts.email, bad.email))).toHaveLength(0);

    for (const mobile of ['617 555 0142', '+44 20 7946 0958', '']) {
      expect((await call('POST', '/crm/contacts', token, { user: newUser({ mobile }) })).statusCode).toBe(200);
    }
  });

  it('records the creation and the invitation as domain events, the one-time link in the mail only (decision 0041)', async () => {
    const { account, admin, token } = await adminAccount();
    const input = newUser();
    const created = resultOf(await call('POST', '/crm/contacts', token, { user: input }), successEnvelope(endpoints.createContact.result)).result;
    // The administrator's sign-in is an event of the account too; the user's creation is these two.
    const recorded = (await db().select().from(domainEvents).where(eq(domainEvents.accountId, account.id))).filter((event) =>
      event.type.startsWith('contact.'),
    );
    expect(recorded.map((event) => event.type).sort()).toEqual(['contact.created', 'contact.invited']);
    expect(JSON.stringify(recorded)).not.toContain('page-change-password');
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(mail!.eventId).toBe(recorded.find((event) => event.type === 'contact.invited')!.id);
    expect(mail!.textBody).toContain('/page-change-password?token=');
    // One entry, about the new user, by the administrator: the invitation on creation is no entry of its own.
    const entries = await db().select().from(auditLog).where(eq(auditLog.accountId, account.id));
    const ofUsers = entries.filter((entry) => entry.action.startsWith('users.'));
    expect(ofUsers.map(({ action, actor, contactId, details }) => ({ action, actor, contactId, details }))).toEqual([
      {
        action: 'users.created',
        actor: admin.email,
        contactId: created.pk,
        details: { by: admin.id, email: input.email, flags: { admin_group: false, billing_group: true, technical_group: false } },
      },
    ]);
  });

  it('sends the invitation again while no password is chosen, and not after', async () => {
    const { account, token } = await adminAccount();
    const waiting = await createContact(db(), { accountId: account.id, password: null });
    const done = await createContact(db(), { accountId: account.id });
    expect((await call('POST', `/crm/contacts/${waiting.id}/invitation`, token)).statusCode).toBe(200);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, waiting.email))).toHaveLength(1);
    const refused = await call('POST', `/crm/contacts/${done.id}/invitation`, token);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ALREADY_SIGNED_IN);
  });
});

describe('PATCH and DELETE /api/crm/contacts/:id', () => {
  it('updates profile and flags, records what changed, and never touches another account’s user', async () => {
    const { account, token } = await adminAccount();
    const user = await createContact(db(), { accountId: account.id });
    const response = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'Renamed', technical_group: true, time_zone: 'US/Hawaii' });
    expect(response.statusCode).toBe(200);
    expect(resultOf(response, successEnvelope(endpoints.updateContact.result)).result).toMatchObject({
      firstname: 'Renamed',
      technical_group: true,
      time_zone: 'US/Hawaii',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, user.id), eq(auditLog.action, 'users.updated')));
    expect(audit!.details).toMatchObject({ changed: ['firstname', 'timeZone', 'technicalGroup'] });

    // A request that names no known field changes nothing (found by the fuzz test: it was a 500), and says so:
    // it used to answer 200, and the caller believed it had saved.
    const nothing = await call('PATCH', `/crm/contacts/${user.id}`, token, { prototype: { admin_group: true } });
    expect(nothing.statusCode).toBe(400);
    expect(errorOf(nothing).fields).toEqual({ prototype: 'prototype is not a field of this request; nothing was changed' });
    const wrapped = await call('PATCH', `/crm/contacts/${user.id}`, token, { user: { email: {} } });
    expect(errorOf(wrapped).fields).toEqual({ user: 'user is not a field of this request; nothing was changed' });
    const [unchanged] = await db().select().from(contacts).where(eq(contacts.id, user.id));
    expect(unchanged).toMatchObject({ firstname: 'Renamed', adminGroup: false });

    const foreign = await createContact(db(), { accountId: (await createAccount(db())).id });
    expect((await call('PATCH', `/crm/contacts/${foreign.id}`, token, { firstname: 'Hijacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `/crm/contacts/${foreign.id}`, token)).statusCode).toBe(404);
  });

  it('refuses a changed mobile number that is not valid, and keeps a stored one that predates the rule', async () => {
    const { account, token } = await adminAccount();
    const user = await createContact(db(), { accountId: account.id, firstname: 'Old' });
    await db().update(contacts).set({ mobile: 'ext. 12' }).where(eq(contacts.id, user.id));

    const refused = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'New', mobile: '+1 617 555 01' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ mobile: MOBILE_NUMBER_INVALID });
    const [kept] = await db().select().from(contacts).where(eq(contacts.id, user.id));
    expect(kept).toMatchObject({ firstname: 'Old', mobile: 'ext. 12' });

    const unchangedMobile = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'New', mobile: 'ext. 12' });
    expect(unchangedMobile.statusCode).toBe(200);
    const fixed = await call('PATCH', `/crm/contacts/${user.id}`, token, { mobile: '(617) 555-0177' });
    expect(resultOf(fixed, successEnvelope(endpoints.updateContact.result)).result).toMatchObject({ firstname: 'New', mobile: '(617) 555-0177' });
  });

  it('changes the profile and the licenses in one request, and on a refused license changes neither', async () => {
    const { account, voice, token } = await adminAccount(1);
    const second = await createService(db(), { accountId: account.id, itemType: 'itp_voice', metadata: { purchased_users: 5 } });
    const [user, holder] = await Promise.all([
      createContact(db(), { accountId: account.id, firstname: 'Before' }),
      createContact(db(), { accountId: account.id }),
    ]);

    const both = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'After', service_ids: [second.id, second.id] });
    expect(both.statusCode).toBe(200);
    const saved = resultOf(both, successEnvelope(endpoints.updateContact.result)).result;
    expect(saved).toMatchObject({ firstname: 'After', licenses_count: 1, licenses: [expect.objectContaining({ service_id: second.id })] });

    // The only seat of `voice` is taken: the whole change is refused, the name and the licenses stay as they were.
    expect((await call('POST', `/crm/contacts/${holder.id}/licenses`, token, { service_id: voice.id })).statusCode).toBe(200);
    const full = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'Never', mobile: '+1 617 555 0199', service_ids: [voice.id] });
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).fields!.service_ids).toMatch(/All 1 seat of .* are in use/);
    const unchanged = async () => {
      const [row] = await db().select().from(contacts).where(eq(contacts.id, user.id));
      expect(row).toMatchObject({ firstname: 'After', mobile: user.mobile, adminGroup: false });
      const licenses = resultOf(await call('GET', `/crm/contacts/${user.id}/licenses`, token), successEnvelope(endpoints.listLicenses.result)).result;
      expect(licenses.map((license) => license.service_id)).toEqual([second.id]);
    };
    await unchanged();

    // Another account's voice service is no license of this account's: refused before anything is written.
    const foreign = await createService(db(), { accountId: (await createAccount(db())).id, itemType: 'itp_voice', metadata: { purchased_users: 5 } });
    const refusedForeign = await call('PATCH', `/crm/contacts/${user.id}`, token, { firstname: 'Never', admin_group: true, service_ids: [foreign.id] });
    expect(refusedForeign.statusCode).toBe(400);
    expect(errorOf(refusedForeign).fields).toEqual({ service_ids: NOT_LICENSABLE });
    await unchanged();
    const changes = (await db().select().from(auditLog).where(eq(auditLog.contactId, user.id))).map((a) => a.action);
    expect(changes.filter((action) => action.startsWith('users.license'))).toEqual(['users.license_added']);
  });

  it('never lets an administrator remove their own admin flag or delete themself', async () => {
    const { admin, token } = await adminAccount();
    const demote = await call('PATCH', `/crm/contacts/${admin.id}`, token, { admin_group: false });
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote).message).toBe(OWN_ADMIN_FLAG);
    const remove = await call('DELETE', `/crm/contacts/${admin.id}`, token);
    expect(remove.statusCode).toBe(409);
    expect(errorOf(remove).message).toBe(DELETE_SELF);
  });

  it('keeps at least one administrator when two demote each other at the same moment', async () => {
    const { account, admin, token } = await adminAccount();
    const second = await createContact(db(), { accountId: account.id, adminGroup: true });
    const secondToken = (await signIn(test.app, second.email)).access_token;
    const answers = await Promise.all([
      call('PATCH', `/crm/contacts/${second.id}`, token, { admin_group: false }),
      call('PATCH', `/crm/contacts/${admin.id}`, secondToken, { admin_group: false }),
    ]);
    const [winner, loser] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(winner!.statusCode).toBe(200);
    // The loser is refused as the last admin in the same moment, or, a moment later, is no admin any more.
    expect([403, 409]).toContain(loser!.statusCode);
    if (loser!.statusCode === 409) expect(errorOf(loser!).message).toBe(LAST_ADMIN);
    const admins = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, account.id), eq(contacts.adminGroup, true)));
    expect(admins).toHaveLength(1);
  });

  it('refuses to demote the only other administrator’s last colleague: the account keeps one', async () => {
    const { account, token } = await adminAccount();
    const second = await createContact(db(), { accountId: account.id, adminGroup: true });
    const secondToken = (await signIn(test.app, second.email)).access_token;
    // second demotes the first admin: fine, second stays admin. Then nobody can demote second but second, who may not.
    expect((await call('PATCH', `/crm/contacts/${second.id}`, token, { admin_group: false })).statusCode).toBe(200);
    expect((await call('PATCH', `/crm/contacts/${second.id}`, secondToken, { admin_group: false })).statusCode).toBe(403);
  });

  it('keeps at least one administrator when two delete each other at the same moment', async () => {
    const { account, admin, token } = await adminAccount();
    const second = await createContact(db(), { accountId: account.id, adminGroup: true });
    const secondToken = (await signIn(test.app, second.email)).access_token;
    const answers = await Promise.all([call('DELETE', `/crm/contacts/${second.id}`, token), call('DELETE', `/crm/contacts/${admin.id}`, secondToken)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The loser is refused as the last admin, or finds itself already signed out (its contact is gone).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, account.id), eq(contacts.adminGroup, true)));
    expect(admins).toHaveLength(1);
  });

  it('ends a deleted user’s sessions at once and keeps their ticket history readable', async () => {
    const { account, token } = await adminAccount();
    const leaving = await createContact(db(), { accountId: account.id, firstname: 'Lee', lastname: 'Leaving' });
    const leavingToken = (await signIn(test.app, leaving.email)).access_token;
    const ticket = await createTicket(db(), { accountId: account.id, assignedContactId: leaving.id });
    await createTicketEntry(db(), { accountId: account.id, ticketId: ticket.id, createdBy: 'Lee Leaving (Customer Portal)', fromAddress: leaving.email });

    expect((await call('DELETE', `/crm/contacts/${leaving.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', '/crm/auth/me', leavingToken)).statusCode).toBe(401);
    const detail = await call('GET', `/crm/nable-tickets/${ticket.id}`, token);
    expect(detail.statusCode).toBe(200);
    expect(resultOf(detail, successEnvelope(endpoints.getTicket.result)).result.conversation[0]!.created_by).toBe('Lee Leaving (Customer Portal)');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.assignedContactId).toBeNull();
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.contactId, leaving.id), eq(auditLog.action, 'users.deleted'))),
    ).toHaveLength(1);
  });
});

describe('licenses', () => {
  it('gives and takes a voice-service license, once per user, and lists seats used and free', async () => {
    const { account, voice, token } = await adminAccount(3);
    const user = await createContact(db(), { accountId: account.id });
    const added = await call('POST', `/crm/contacts/${user.id}/licenses`, token, { service_id: voice.id });
    expect(added.statusCode).toBe(200);
    const license = resultOf(added, successEnvelope(endpoints.addLicense.result)).result;
    expect(license).toMatchObject({ service_id: voice.id, contact_id: user.id });

    const twice = await call('POST', `/crm/contacts/${user.id}/licenses`, token, { service_id: voice.id });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(ALREADY_LICENSED);

    const options = resultOf(await call('GET', '/crm/licenses/services', token), successEnvelope(endpoints.listLicensableServices.result)).result;
    expect(options).toEqual([expect.objectContaining({ service_id: voice.id, seats: 3, seats_used: 1 })]);
    const listed = resultOf(await call('GET', `/crm/contacts/${user.id}/licenses`, token), successEnvelope(endpoints.listLicenses.result)).result;
    expect(listed.map((l) => l.pk)).toEqual([license.pk]);

    expect((await call('DELETE', `/crm/contacts/${user.id}/licenses/${license.pk}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/crm/contacts/${user.id}/licenses/${license.pk}`, token)).statusCode).toBe(404);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.contactId, user.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['users.license_added', 'users.license_removed']));
  });

  it('offers only the account’s own voice services', async () => {
    const { account, token } = await adminAccount();
    const user = await createContact(db(), { accountId: account.id });
    const cloud = await createService(db(), { accountId: account.id, itemType: 'itp_cloud', metadata: { purchased_users: 10 } });
    const foreignVoice = await createService(db(), { accountId: (await createAccount(db())).id, itemType: 'itp_voice', metadata: { purchased_users: 10 } });
    for (const service of [cloud, foreignVoice]) {
      const refused = await call('POST', `/crm/contacts/${user.id}/licenses`, token, { service_id: service.id });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).message).toBe(NOT_LICENSABLE);
    }
  });

  it('never gives more licenses than seats, also when two admins take the last seat at once', async () => {
    const { account, voice, token } = await adminAccount(1);
    const [a, b] = await Promise.all([createContact(db(), { accountId: account.id }), createContact(db(), { accountId: account.id })]);
    const answers = await Promise.all([
      call('POST', `/crm/contacts/${a.id}/licenses`, token, { service_id: voice.id }),
      call('POST', `/crm/contacts/${b.id}/licenses`, token, { service_id: voice.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((r) => r.statusCode === 409)!).message).toMatch(/All 1 seat of .* are in use/);
    const options = resultOf(await call('GET', '/crm/licenses/services', token), successEnvelope(endpoints.listLicensableServices.result)).result;
    expect(options[0]).toMatchObject({ seats: 1, seats_used: 1 });
  });
});
