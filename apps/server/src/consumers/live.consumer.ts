import { announceLive } from '../db/live-channel.js';
import type { AnyDomainEvent } from '../events/domain-event.js';
import type { EventConsumer } from '../events/event-recorder.js';
import type { Executor } from '../db/client.js';
import { ticketContactOf } from '../modules/tickets/index.js';

/** The ticket an event changed as whoever sees it would notice, or undefined. A private note changes nothing they see. */
async function changedTicket(tx: Executor, event: AnyDomainEvent): Promise<{ ticketId: number; contactId: number | null } | undefined> {
  if (event.accountId === null) return undefined;
  switch (event.type) {
    case 'ticket.opened':
      return { ticketId: event.data.ticket.id, contactId: event.actor.kind === 'contact' ? event.actor.contact_id : null };
    case 'ticket.replied':
      return { ticketId: event.data.ticket.id, contactId: event.data.contact_id };
    case 'ticket.entry_pushed':
      if (!event.data.entry.visible_to_customer) return undefined;
      return { ticketId: event.data.ticket.id, contactId: await ticketContactOf(tx, event.accountId, event.data.ticket.id) };
    case 'ticket.entry_files_pushed':
      if (!event.data.entry.visible_to_customer) return undefined;
      return { ticketId: event.data.ticket.id, contactId: await ticketContactOf(tx, event.accountId, event.data.ticket.id) };
    case 'ticket.pushed':
      return { ticketId: event.data.ticket_id, contactId: await ticketContactOf(tx, event.accountId, event.data.ticket_id) };
    default:
      return undefined;
  }
}

/**
 * Tells every instance's live streams that a ticket changed (decision 0046): a NOTIFY in the event's transaction, so
 * they hear of it only once it commits. Which streams pass it on is their policy (modules/live).
 */
export function liveConsumer(): EventConsumer {
  return {
    name: 'live',
    async consume(tx, event) {
      const changed = await changedTicket(tx, event);
      if (changed) await announceLive(tx, { a: event.accountId!, t: changed.ticketId, tc: changed.contactId });
    },
  };
}
