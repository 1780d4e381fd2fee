import type { EventConsumer } from '../events/event-recorder.js';
import { notifyInPortal, recipientsOf } from '../modules/notifications/index.js';
import { noticeOf } from './notices.js';

/**
 * The in-portal notifications, made from the domain events (issue 35, decision 0046): one row per recipient who keeps
 * the category on, in the event's transaction, at most once per event and recipient.
 */
export function notificationsConsumer(): EventConsumer {
  return {
    name: 'notifications',
    async consume(tx, event) {
      const consequence = noticeOf(event);
      if (!consequence || event.accountId === null) return;
      const recipients = await recipientsOf(tx, event.accountId, consequence.notice.category, consequence.audience);
      await notifyInPortal(tx, { id: event.id, accountId: event.accountId }, consequence.notice, recipients);
    },
  };
}
