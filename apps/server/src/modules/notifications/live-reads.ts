import type { Notification } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { countUnread, findNotification, notificationsAfter, toWireNotification } from './notifications.repository.js';

/** At most this many missed notifications are sent to a stream opened again; the list has the rest. */
export const CATCH_UP_LIMIT = 50;

/** What the live stream reads of the notifications: always the contact's own, in their account. */
export const liveReads = {
  unreadCount: countUnread,

  async notification(db: Executor, accountId: number, contactId: number, id: number): Promise<Notification | undefined> {
    const row = await findNotification(db, accountId, contactId, id);
    return row && toWireNotification(row);
  },

  async missed(db: Executor, accountId: number, contactId: number, afterId: number): Promise<Notification[]> {
    return (await notificationsAfter(db, accountId, contactId, afterId, CATCH_UP_LIMIT)).map(toWireNotification);
  },
};
