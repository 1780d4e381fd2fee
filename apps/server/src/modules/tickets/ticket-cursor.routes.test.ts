import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, successEnvelope, ticketList } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket } from '../../../test/factories.js';
import { INVALID_TICKET_CURSOR } from './ticket-cursor.js';

/**
 * Keyset paging of the ticket list (issue 36): `next_cursor` says where a full page ends, `after` starts the next page
 * there, so tickets that arrive meanwhile neither repeat a ticket of page one on page two nor hide one; each sort
 * keeps its own order, to the microsecond.
 */
let test: TestApp;
let token: string;
let accountId: number;
const db = () => test.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  accountId = (await createAccount(db())).id;
  const admin = await createContact(db(), { accountId, adminGroup: true });
  token = (await signIn(test.app, admin.email)).access_token;
  // Six tickets a microsecond apart (within one millisecond), priorities mixed.
  const priorities = ['low', 'high', 'medium', 'high', 'low', 'urgent'] as const;
  for (const [index, priority] of priorities.entries()) {
    const ticket = await createTicket(db(), { accountId, subject: `Keyset ${index}`, priority });
    await db().execute(sql`UPDATE tickets SET created_at = timestamptz '2026-05-01 10:00:00.000100+00' + ${index} * interval '1 microsecond',
                                                last_modified_at = timestamptz '2026-05-02 10:00:00.000100+00' + ${index} * interval '1 microsecond'
                            WHERE id = ${ticket.id}`);
  }
});
afterAll(() => test.close());

async function page(query: Record<string, string>) {
  const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query: { status: '', ...query }, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return successEnvelope(ticketList).parse(response.json()).result;
}
const subjects = (list: { tickets: Array<{ subject: string }> }) => list.tickets.map((ticket) => ticket.subject);

describe('keyset paging of the ticket list', () => {
  it('walks each sort in its order, page by page, to the microsecond', async () => {
    const expected = {
      newest: ['Keyset 5', 'Keyset 4', 'Keyset 3', 'Keyset 2', 'Keyset 1', 'Keyset 0'],
      oldest: ['Keyset 0', 'Keyset 1', 'Keyset 2', 'Keyset 3', 'Keyset 4', 'Keyset 5'],
      updated: ['Keyset 5', 'Keyset 4', 'Keyset 3', 'Keyset 2', 'Keyset 1', 'Keyset 0'],
      priority: ['Keyset 5', 'Keyset 3', 'Keyset 1', 'Keyset 2', 'Keyset 4', 'Keyset 0'],
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      let after: string | undefined;
      for (let offset = 0; offset < 6; offset += 4) {
        const list = await page({ sort, limit: '4', offset: String(offset), ...(after ? { after } : {}) });
        expect(list.total_count).toBe(6);
        seen.push(...subjects(list));
        after = list.next_cursor ?? undefined;
        if (offset === 0) expect(after).toEqual(expect.any(String));
        else expect(list.next_cursor).toBeNull();
      }
      expect(seen, sort).toEqual(order);
    }
  });

  it('is stable while tickets arrive: page two starts after page one’s last ticket', async () => {
    const first = await page({ limit: '3' });
    expect(subjects(first)).toEqual(['Keyset 5', 'Keyset 4', 'Keyset 3']);
    const arrived = await createTicket(db(), { accountId, subject: 'Arrived meanwhile' });
    const second = await page({ limit: '3', offset: '3', after: first.next_cursor! });
    expect(subjects(second)).toEqual(['Keyset 2', 'Keyset 1', 'Keyset 0']);
    // By offset, the newcomer would have pushed Keyset 3 onto page two again.
    expect(subjects(await page({ limit: '3', offset: '3' }))[0]).toBe('Keyset 3');
    expect(second.total_count).toBe(7);
    await db().execute(sql`DELETE FROM tickets WHERE id = ${arrived.id}`);
  });

  it('refuses a cursor that is not one, or of another sort, naming `after`', async () => {
    const first = await page({ limit: '2' });
    for (const after of ['not-a-cursor', Buffer.from('[1,2,3]').toString('base64url'), first.next_cursor!]) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/crm/nable-tickets',
        query: { limit: '2', sort: after === first.next_cursor ? 'oldest' : 'newest', after },
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelope.parse(response.json()).fields).toEqual({ after: INVALID_TICKET_CURSOR });
    }
    const odd = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query: { after: 'a b' }, headers: bearer(token) });
    expect(odd.statusCode).toBe(400);
  });
});
