import type { AppConfig } from '../config/index.js';
import type { Executor } from '../db/client.js';
import type { EventConsumer } from '../events/event-recorder.js';
import type { Mailer } from '../platform/mail.js';
import type { DomainEventType, NotificationCategory } from '@portal/contract';
import { addressesOptedOut } from '../modules/notifications/index.js';
import { consequencesOf } from './consequences-by-type.js';

/**
 * The mails that are notifications in their own words, by their category: whoever switched that category's mail off
 * is not sent them (issue 35). Invitations, password links and security mails are not listed: they always go.
 */
const MAIL_CATEGORY: Partial<Record<DomainEventType, NotificationCategory>> = {
  'ticket.entry_pushed': 'tickets',
  'payment.succeeded': 'billing',
  'payment.failed': 'billing',
};

/**
 * The mails, made from the domain events (decision 0041): written to the outbox in the event's transaction with the
 * jobs that send them, at most once per event and address.
 */
export function mailConsumer({ mailer, config }: { mailer: Mailer<Executor>; config: AppConfig }): EventConsumer {
  return {
    name: 'mail',
    async consume(tx, event) {
      const mails = (await consequencesOf(event).mails?.(event, { config })) ?? [];
      const category = MAIL_CATEGORY[event.type];
      const optedOut =
        category && event.accountId !== null && mails.length > 0
          ? await addressesOptedOut(
              tx,
              event.accountId,
              category,
              mails.map((m) => m.to),
            )
          : new Set();
      for (const message of mails) if (!optedOut.has(message.to.toLowerCase())) await mailer.enqueue(tx, message, { eventId: event.id });
    },
  };
}
