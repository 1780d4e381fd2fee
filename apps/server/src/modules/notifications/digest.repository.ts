import { and, asc, desc, eq, gt, isNull, like, lte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, notificationReminders, notifications } from '../../db/schema/index.js';
import { activeContactsOf, storedPreferencesOf } from './notifications.repository.js';
import { effectivePreferences } from './preferences.js';

/** A digest's key among the claimed reminders: one per contact and local day (notification_reminders). */
export const digestKey = (contactId: number, localDate: string) => `digest:${contactId}:${localDate}`;

/**
 * The contacts whose choices ask for a daily digest, by account: their own choice, or the account's default when they
 * have none. Only accounts where some stored choice says `daily` are read.
 */
export async function dailyDigestReaders(db: Executor) {
  const accounts = await db
    .selectDistinct({ accountId: notificationPreferences.accountId })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.emailDigest, 'daily'));
  const readers = [];
  for (const { accountId } of accounts) {
    const contacts = await activeContactsOf(db, accountId);
    const stored = await storedPreferencesOf(
      db,
      accountId,
      contacts.map((contact) => contact.id),
    );
    for (const contact of contacts) {
      const preferences = effectivePreferences(stored.own.get(contact.id), stored.accountDefault);
      if (preferences.email_digest === 'daily') readers.push({ accountId, ...contact, preferences });
    }
  }
  return readers;
}

/** When the contact's last digest was made, if one was: where the next one's day begins. */
export async function lastDigestAt(db: Executor, contactId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ sentAt: notificationReminders.sentAt })
    .from(notificationReminders)
    .where(like(notificationReminders.key, `digest:${contactId}:%`))
    .orderBy(desc(notificationReminders.sentAt))
    .limit(1);
  return row?.sentAt;
}

/** The contact's notifications made in (since, until] and still unread, oldest first; security notices were mailed at once. */
export async function unreadNotificationsBetween(db: Executor, accountId: number, contactId: number, since: Date, until: Date) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.contactId, contactId),
        isNull(notifications.readAt),
        ne(notifications.category, 'security'),
        gt(notifications.createdAt, since),
        lte(notifications.createdAt, until),
      ),
    )
    .orderBy(asc(notifications.id));
}
