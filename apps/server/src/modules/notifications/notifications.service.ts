import type { MyNotificationPreferences, Notification, NotificationList, NotificationPreferences, notificationListQuery, z } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../platform/app-error.js';
import type { Caller } from '../auth/index.js';
import { countUnread, listNotifications, markAllRead, markRead, savePreferences, storedPreferencesOf, toWireNotification } from './notifications.repository.js';
import { effectivePreferences, readStoredPreferences, withSecurityOn } from './preferences.js';

/** The signed-in contact's notifications and choices (issue 35): always their own, in their own account. */
export function createNotificationsService({ db }: { db: Database }) {
  const myPreferences = async (caller: Caller): Promise<MyNotificationPreferences> => {
    const stored = await storedPreferencesOf(db, caller.accountId, [caller.contactId]);
    const own = stored.own.get(caller.contactId);
    return { ...effectivePreferences(own, stored.accountDefault), from_account_default: own === undefined };
  };

  return {
    async list(caller: Caller, query: z.output<typeof notificationListQuery>): Promise<NotificationList> {
      const page = await listNotifications(db, caller.accountId, caller.contactId, { ...query, unreadOnly: query.unread === 'true' });
      return { notifications: page.rows.map(toWireNotification), total_count: page.total, unread_count: page.unread };
    },

    async markRead(caller: Caller, id: number): Promise<Notification> {
      const row = await markRead(db, caller.accountId, caller.contactId, id);
      if (!row) throw notFound('The notification');
      return toWireNotification(row);
    },

    async markAllRead(caller: Caller) {
      await markAllRead(db, caller.accountId, caller.contactId);
      return { unread_count: await countUnread(db, caller.accountId, caller.contactId) };
    },

    myPreferences,

    async saveMyPreferences(caller: Caller, preferences: NotificationPreferences): Promise<MyNotificationPreferences> {
      await savePreferences(db, caller.accountId, caller.contactId, withSecurityOn(preferences));
      return myPreferences(caller);
    },

    async accountDefaults(caller: Caller): Promise<NotificationPreferences> {
      const stored = await storedPreferencesOf(db, caller.accountId, []);
      return effectivePreferences(undefined, stored.accountDefault);
    },

    async saveAccountDefaults(caller: Caller, preferences: NotificationPreferences): Promise<NotificationPreferences> {
      const settings = withSecurityOn(preferences);
      await savePreferences(db, caller.accountId, null, settings);
      return readStoredPreferences(settings);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
