import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, ticketEntries, tickets } from '../src/db/schema/index.js';
import { CLOSED_TICKET_TAKES_NO_REPLIES } from '../src/modules/tickets/index.js';
import { bearer, signIn } from './auth.js';
import { buildTestApp, type TestApp } from './app.js';
import { createAccount, createContact, createTicket } from './factories.js';
import { createTestApiKey, keyHeader } from './provider-keys.js';

const V1 = '/api/provider/v1';
const ROUNDS = 25;

/**
 * A customer's reply and the provider's close arriving together (issue 36, docs/decisions/0047). Both commands take the
 * ticket's row lock, so whichever comes second sees the first: the reply lands before the close and is kept, or is
 * refused with the follow-up message. A reply is never stored after the close without its author being told.
 */
describe('a reply racing a close', () => {
  let test: TestApp;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('is kept before the close or refused with 409, never stored on a closed ticket unseen', async () => {
    const key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
    const account = await createAccount(db(), { externalId: `race-${Date.now()}` });
    const contact = await createContact(db(), { accountId: account.id });
    const token = (await signIn(test.app, contact.email)).access_token;
    const outcomes = { kept: 0, refused: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      const ticket = await createTicket(db(), { accountId: account.id, externalId: `T-${round}`, assignedContactId: contact.id, status: 'In Progress' });
      const [reply, close] = await Promise.all([
        test.app.inject({
          method: 'POST',
          url: `/api/crm/nable-tickets/${ticket.id}`,
          headers: bearer(token),
          payload: { description: `Still broken (${round})` },
        }),
        test.app.inject({
          method: 'PUT',
          url: `${V1}/accounts/${account.externalId}/tickets/${ticket.externalId}`,
          headers: keyHeader(key),
          payload: { ticket_number: ticket.ticketNumber, subject: ticket.subject, description: ticket.description, status: 'Complete' },
        }),
      ]);
      expect(close.statusCode).toBe(200);
      const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row!.status).toBe('Complete');
      const entries = await db().select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticket.id));
      const events = await db()
        .select({ type: domainEvents.type, data: domainEvents.data, at: domainEvents.occurredAt })
        .from(domainEvents)
        .where(eq(domainEvents.accountId, account.id))
        .orderBy(asc(domainEvents.occurredAt));
      const ofThisTicket = events.filter(({ data }) => {
        const { ticket: ref, ticket_id } = data as { ticket?: { id: number }; ticket_id?: number };
        return (ref?.id ?? ticket_id) === ticket.id;
      });
      if (reply.statusCode === 200) {
        outcomes.kept++;
        expect(entries).toHaveLength(1);
        // Kept means before the close: its event was recorded (with the reply, under the lock) before the close's was.
        const at = (type: string) => ofThisTicket.find((event) => event.type === type)!.at.getTime();
        expect(at('ticket.replied')).toBeLessThanOrEqual(at('ticket.pushed'));
      } else {
        outcomes.refused++;
        expect(reply.statusCode).toBe(409);
        expect(reply.json().message).toBe(CLOSED_TICKET_TAKES_NO_REPLIES);
        expect(entries).toHaveLength(0);
      }
    }
    expect(outcomes.kept + outcomes.refused).toBe(ROUNDS);
    console.info('reply/close race outcomes', outcomes);
  });
});
