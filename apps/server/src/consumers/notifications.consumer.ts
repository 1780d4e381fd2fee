import { announceLive } from '../db/live-channel.js';
import type { EventConsumer } from '../events/event-recorder.js';
import { mailedNow, notificationMail, notifyInPortal, recipientsOf } from '../modules/notifications/index.js';
import { unsubscribeAddresses } from '../platform/unsubscribe-links.js';
import type { MailingDeps } from './consequences.js';
import { noticeOf } from './notices.js';

/**
 * The in-portal notifications, made from the domain events (issue 35, decision 0046): one row per recipient who keeps
 * the category on, in the event's transaction, at most once per event and recipient, each announced to the live
 * streams, and mailed to those who take its category by mail as it happens.
 */
export function notificationsConsumer({ mailer, config, unsubscribeLinks }: MailingDeps): EventConsumer {
  return {
    name: 'notifications',
    async consume(tx, event) {
      const consequence = noticeOf(event);
      if (!consequence || event.accountId === null) return;
      const recipients = await recipientsOf(tx, event.accountId, consequence.notice.category, consequence.audience);
      const written = await notifyInPortal(tx, { id: event.id, accountId: event.accountId }, consequence.notice, recipients);
      // Each recipient's open streams, on whichever instance, hear of theirs once the change commits.
      for (const row of written) await announceLive(tx, { a: row.accountId, c: row.contactId, n: row.id });
      // The same words by mail, through the outbox with the change (a rolled-back change mails no one).
      const { notice } = consequence;
      for (const recipient of mailedNow(notice, recipients, new Set(consequence.mailedElsewhere ?? []))) {
        const unsubscribe =
          notice.category === 'security'
            ? undefined
            : unsubscribeAddresses(unsubscribeLinks, config.publicUrl, {
                accountId: event.accountId,
                contactId: recipient.contactId,
                category: notice.category,
              });
        await mailer.enqueue(
          tx,
          await notificationMail({
            notice,
            recipient,
            providerName: config.provider.name,
            providerColor: config.provider.color,
            portalUrl: config.publicUrl,
            unsubscribe,
          }),
          {
            eventId: event.id,
          },
        );
      }
    },
  };
}
