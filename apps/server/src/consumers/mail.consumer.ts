import type { EventConsumer } from '../events/event-recorder.js';
import type { DomainEventType, NotificationCategory } from '@portal/contract';
import { mailChoicesOf, type AddressMailChoice } from '../modules/notifications/index.js';
import { oneClickUnsubscribeHeaders, unsubscribeAddresses } from '../platform/unsubscribe-links.js';
import type { MailingDeps } from './consequences.js';
import { consequencesOf } from './consequences-by-type.js';

/**
 * The mails that are notifications in their own words, by their category (issue 35): whoever switched that category's
 * mail off is not sent them, and each carries its recipient's one-click way out of the category (RFC 8058). A reply
 * is news the daily digest carries too, so a reader who chose the digest gets it there; a receipt goes at once.
 * Invitations, password links and security mails are not listed: they always go.
 */
const MAIL_CATEGORY: Partial<Record<DomainEventType, { category: NotificationCategory; digested: boolean }>> = {
  'ticket.entry_pushed': { category: 'tickets', digested: true },
  'payment.succeeded': { category: 'billing', digested: false },
  'payment.failed': { category: 'billing', digested: false },
};

/**
 * The mails, made from the domain events (decision 0041): written to the outbox in the event's transaction with the
 * jobs that send them, at most once per event and address.
 */
export function mailConsumer({ mailer, config, unsubscribeLinks }: MailingDeps): EventConsumer {
  return {
    name: 'mail',
    async consume(tx, event) {
      const mails = (await consequencesOf(event).mails?.(event, { config })) ?? [];
      const kind = MAIL_CATEGORY[event.type];
      const accountId = event.accountId;
      if (!kind || accountId === null) {
        for (const message of mails) await mailer.enqueue(tx, message, { eventId: event.id });
        return;
      }
      const choices =
        mails.length > 0
          ? await mailChoicesOf(
              tx,
              accountId,
              kind.category,
              mails.map((m) => m.to),
            )
          : new Map<string, AddressMailChoice>();
      for (const message of mails) {
        const choice = choices.get(message.to.toLowerCase());
        if (choice && (!choice.takes || (kind.digested && choice.waitsForDigest))) continue;
        const headers = choice
          ? oneClickUnsubscribeHeaders(
              unsubscribeAddresses(unsubscribeLinks, config.publicUrl, { accountId, contactId: choice.contactId, category: kind.category }),
            )
          : undefined;
        await mailer.enqueue(tx, headers ? { ...message, headers: { ...message.headers, ...headers } } : message, { eventId: event.id });
      }
    },
  };
}
