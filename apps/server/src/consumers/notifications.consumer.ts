import { announceLive } from '../db/live-channel.js';
import type { EventConsumer } from '../events/event-recorder.js';
import { notifyInPortal, recipientsOf } from '../modules/notifications/index.js';
import { noticeOf } from './notices.js';

/**
 * The in-portal notifications, made from the domain events (issue 35, decision 0046): one row per recipient who keeps
 * the category on, in the event's transaction, at most once per event and recipient, each announced to the live
 * streams.
 */
export function notificationsConsumer(): EventConsumer {
  return {
    name: 'notifications',
    async consume(tx, event) {
      const consequence = noticeOf(event);
      if (!consequence || event.accountId === null) return;
      const recipients = await recipientsOf(tx, event.accountId, consequence.notice.category, consequence.audience);
      const written = await notifyInPortal(tx, { id: event.id, accountId: event.accountId }, consequence.notice, recipients);
      // Each recipient's open streams, on whichever instance, hear of theirs once the change commits.
      for (const row of written) await announceLive(tx, { a: row.accountId, c: row.contactId, n: row.id });
    },
  };
}
