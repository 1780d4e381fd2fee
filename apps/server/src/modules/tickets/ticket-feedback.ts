import { isClosedTicketStatus, RATEABLE_TICKET_STATUSES, TICKET_RATING_CHANGE_DAYS, TICKET_REOPEN_DAYS, type TicketRating } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Caller } from '../auth/index.js';
import { findRating, lastTechnician, setCustomerResolution, writeRating, type RatingRow } from './ticket-feedback.repository.js';
import { lockTicket, type TicketRow } from './tickets.repository.js';

export const ALREADY_CLOSED = 'This ticket is already closed.';
export const ALREADY_RESOLVED = 'You have already marked this ticket resolved.';
export const NOT_RESOLVED = 'This ticket is not marked resolved, so there is nothing to reopen.';
export const REOPEN_TOO_LATE = `A ticket can be reopened for ${TICKET_REOPEN_DAYS} days after it was marked resolved. If you still need help, please open a follow-up ticket.`;
export const NOT_RATEABLE_YET = 'A ticket can be rated once its work is complete.';
export const NOT_YOURS_TO_RATE = 'Only the ticket’s contact is asked how it went.';
export const RATING_FINAL = `A rating can be changed for ${TICKET_RATING_CHANGE_DAYS} days after it was given.`;

const DAY_MS = 86_400_000;
export const reopenUntil = (resolvedAt: Date) => new Date(resolvedAt.getTime() + TICKET_REOPEN_DAYS * DAY_MS);
export const ratingChangeableUntil = (rating: RatingRow) => new Date(rating.createdAt.getTime() + TICKET_RATING_CHANGE_DAYS * DAY_MS);
const isRateableStatus = (status: string) => (RATEABLE_TICKET_STATUSES as readonly string[]).includes(status);

/** The ticket's contact rates it; a ticket with no contact may be rated by whoever sees it (an administrator). */
const ratesIt = (caller: Caller, assignedContactId: number | null) => assignedContactId === null || assignedContactId === caller.contactId;

/** Whether the caller is asked "How did we do?" on this ticket now (the ticket view's prompt). */
export function ratingAsked(caller: Caller, row: Pick<TicketRow, 'status' | 'assignedContactId'>, rating: RatingRow | undefined, now = new Date()): boolean {
  if (!isRateableStatus(row.status) || !ratesIt(caller, row.assignedContactId)) return false;
  return rating === undefined || now < ratingChangeableUntil(rating);
}

export const ratingWire = (rating: RatingRow): TicketRating => ({
  score: rating.score,
  comment: rating.comment,
  rated_date: rating.createdAt.toISOString(),
  changeable_until: ratingChangeableUntil(rating).toISOString(),
});

type TicketRef = { id: number; external_id: string | null; ticket_number: string; subject: string; status: string; priority: string };

/**
 * The customer's side of a ticket's end (docs/decisions/0047): marking it resolved, reopening it, rating it. Each
 * command takes the ticket's row lock first, as a reply and the provider's status change do, and records its event
 * in the same transaction; the webhooks and audit entries are the consumers' (decision 0041).
 */
export function createTicketFeedback({ db, events, providerDomain }: { db: Database; events: EventRecorder; providerDomain: string }) {
  async function locked(tx: Executor, caller: Caller, ticketId: number) {
    const row = await lockTicket(tx, caller.accountId, ticketId);
    // The caller saw the ticket a moment ago; gone since, it is not found.
    if (!row) throw new AppError('not_found', 'Ticket not found');
    return row;
  }

  return {
    async resolve(caller: Caller, ticket: TicketRef, note: string | undefined, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await locked(tx, caller, ticket.id);
        if (isClosedTicketStatus(row.status)) throw new AppError('conflict', ALREADY_CLOSED);
        if (row.customerResolvedAt) throw new AppError('conflict', ALREADY_RESOLVED);
        const now = new Date();
        await setCustomerResolution(tx, caller.accountId, ticket.id, { resolvedAt: now, note: note || null, by: caller.contactId, reopenedAt: null });
        await events.record(tx, {
          type: 'ticket.resolved_by_customer',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { ticket: { ...ticket, status: row.status }, note: note || null, reopen_until: reopenUntil(now).toISOString() },
        });
      });
    },

    /** Within the days allowed, whatever the status the provider has moved it to since: its PSA moves it back. */
    async reopen(caller: Caller, ticket: TicketRef, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await locked(tx, caller, ticket.id);
        await reopenIn(tx, caller, ticket, row, meta, { refuse: true });
      });
    },

    /** A reply to a ticket its customer marked resolved takes the mark back (they still need help), as a reopen would. */
    async reopenByReply(tx: Executor, caller: Caller, ticket: TicketRef, row: Awaited<ReturnType<typeof lockTicket>> & object, meta: ClientMeta) {
      if (row.customerResolvedAt) await reopenIn(tx, caller, ticket, row, meta, { refuse: false });
    },

    async rate(caller: Caller, ticket: TicketRef, input: { score: number; comment?: string | undefined }, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await locked(tx, caller, ticket.id);
        if (!isRateableStatus(row.status)) throw new AppError('conflict', NOT_RATEABLE_YET);
        if (!ratesIt(caller, row.assignedContactId)) throw new AppError('forbidden', NOT_YOURS_TO_RATE);
        const before = await findRating(tx, caller.accountId, ticket.id);
        if (before && new Date() >= ratingChangeableUntil(before)) throw new AppError('conflict', RATING_FINAL);
        // The technician is kept as they were at the first rating: a later change is still about their work.
        const technician = before
          ? { name: before.technicianName, email: before.technicianEmail }
          : await lastTechnician(tx, caller.accountId, ticket.id, providerDomain);
        const rating = {
          score: input.score,
          comment: input.comment || null,
          technician_name: technician?.name ?? null,
          technician_email: technician?.email ?? null,
          changed: before !== undefined,
        };
        await writeRating(tx, {
          accountId: caller.accountId,
          ticketId: ticket.id,
          contactId: caller.contactId,
          score: rating.score,
          comment: rating.comment,
          technicianName: rating.technician_name,
          technicianEmail: rating.technician_email,
        });
        await events.record(tx, {
          type: 'ticket.rated',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { ticket: { ...ticket, status: row.status }, rating },
        });
      });
    },
  };

  async function reopenIn(
    tx: Executor,
    caller: Caller,
    ticket: TicketRef,
    row: { status: string; customerResolvedAt: Date | null },
    meta: ClientMeta,
    { refuse }: { refuse: boolean },
  ) {
    if (!row.customerResolvedAt) throw new AppError('conflict', NOT_RESOLVED);
    if (new Date() >= reopenUntil(row.customerResolvedAt)) {
      if (refuse) throw new AppError('conflict', REOPEN_TOO_LATE);
      return;
    }
    await setCustomerResolution(tx, caller.accountId, ticket.id, { resolvedAt: null, note: null, by: null, reopenedAt: new Date() });
    await events.record(tx, {
      type: 'ticket.reopened_by_customer',
      accountId: caller.accountId,
      actor: contactActor(caller),
      meta,
      data: { ticket: { ...ticket, status: row.status } },
    });
  }
}
export type TicketFeedback = ReturnType<typeof createTicketFeedback>;
