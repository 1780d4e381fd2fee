import type {
  MyNotificationPreferences,
  Notification,
  NotificationCategory,
  NotificationList,
  NotificationPreferences,
  notificationListQuery,
  z,
} from '@portal/contract';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { UnsubscribeSigner } from '../../platform/unsubscribe-links.js';
import type { Caller } from '../auth/index.js';
import {
  countUnread,
  isContactOf,
  listNotifications,
  markAllRead,
  markRead,
  savePreferences,
  storedPreferencesOf,
  toWireNotification,
} from './notifications.repository.js';
import { effectivePreferences, readStoredPreferences, withSecurityOn } from './preferences.js';

/** The signed-in contact's notifications and choices (issue 35): always their own, in their own account. */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Change your e-mail settings on your profile instead.';
export const unsubscribedMessage = (label: string) => `You will no longer get e-mails about ${label.toLowerCase()}.`;

export function createNotificationsService({ db, unsubscribeLinks }: { db: Database; unsubscribeLinks: UnsubscribeSigner }) {
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

    /**
     * One-click unsubscribe (RFC 8058): the signed link names the user and the category, so it works signed out and
     * switches off only that category's mail, starting from the choices that applied to them.
     */
    async unsubscribe(token: string): Promise<{ category: NotificationCategory; email: false }> {
      const claims = unsubscribeLinks.verify(token);
      if (!claims || claims.category === 'security' || !(await isContactOf(db, claims.accountId, claims.contactId))) {
        throw new AppError('validation_failed', UNSUBSCRIBE_LINK_INVALID, { token: UNSUBSCRIBE_LINK_INVALID });
      }
      const stored = await storedPreferencesOf(db, claims.accountId, [claims.contactId]);
      const current = effectivePreferences(stored.own.get(claims.contactId), stored.accountDefault);
      const categories = { ...current.categories, [claims.category]: { ...current.categories[claims.category], email: false } };
      await savePreferences(db, claims.accountId, claims.contactId, withSecurityOn({ ...current, categories }));
      return { category: claims.category, email: false };
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
