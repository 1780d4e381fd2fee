import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationCategory, NotificationPreferences } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { contactDirectory, notificationPreferences, notifications } from '../../db/schema/index.js';

type NotificationRow = typeof notifications.$inferSelect;

export const toWireNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  category: row.category,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

/** An account's active contacts with their roles: whom an event's audience may name (the users module's published view). */
export async function activeContactsOf(db: Executor, accountId: number) {
  return db
    .select({
      id: contactDirectory.id,
      email: contactDirectory.email,
      firstname: contactDirectory.firstname,
      adminGroup: contactDirectory.adminGroup,
      billingGroup: contactDirectory.billingGroup,
      timeZone: contactDirectory.timeZone,
    })
    .from(contactDirectory)
    .where(and(eq(contactDirectory.accountId, accountId), isNull(contactDirectory.deactivatedAt)));
}

/** The stored choices of some contacts and the account's default (contact id null), as stored. */
export async function storedPreferencesOf(db: Executor, accountId: number, contactIds: readonly number[]) {
  const rows = await db
    .select({ contactId: notificationPreferences.contactId, settings: notificationPreferences.settings })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.accountId, accountId),
        contactIds.length > 0
          ? sql`(${notificationPreferences.contactId} IS NULL OR ${inArray(notificationPreferences.contactId, [...contactIds])})`
          : isNull(notificationPreferences.contactId),
      ),
    );
  return {
    accountDefault: rows.find((row) => row.contactId === null)?.settings as unknown,
    own: new Map(rows.filter((row) => row.contactId !== null).map((row) => [row.contactId!, row.settings as unknown])),
  };
}

/** Writes a contact's choices (contactId) or the account's default (null). */
export async function savePreferences(db: Executor, accountId: number, contactId: number | null, settings: NotificationPreferences): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ accountId, contactId, settings, emailDigest: settings.email_digest })
    .onConflictDoUpdate({
      target: [notificationPreferences.accountId, notificationPreferences.contactId],
      set: { settings, emailDigest: settings.email_digest, updatedAt: new Date() },
    });
}

export interface NewNotification {
  accountId: number;
  contactId: number;
  eventId: string;
  category: NotificationCategory;
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** The event's notifications, once per recipient however often the consumer runs; answers those written now. */
export async function insertNotifications(db: Executor, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: [notifications.eventId, notifications.contactId] })
    .returning();
}

const ownedBy = (accountId: number, contactId: number) => and(eq(notifications.accountId, accountId), eq(notifications.contactId, contactId));

export async function listNotifications(db: Executor, accountId: number, contactId: number, page: { limit: number; offset: number; unreadOnly: boolean }) {
  const where = page.unreadOnly ? and(ownedBy(accountId, contactId), isNull(notifications.readAt)) : ownedBy(accountId, contactId);
  const [rows, [total], [unread]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(ownedBy(accountId, contactId), isNull(notifications.readAt))),
  ]);
  return { rows, total: total!.n, unread: unread!.n };
}

export async function countUnread(db: Executor, accountId: number, contactId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(accountId, contactId), isNull(notifications.readAt)));
  return row!.n;
}

/** Marks one read (keeping the first time it was read); undefined when it is not the contact's. */
export async function markRead(db: Executor, accountId: number, contactId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(ownedBy(accountId, contactId), eq(notifications.id, id)))
    .returning();
  return row;
}

export async function markAllRead(db: Executor, accountId: number, contactId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(accountId, contactId), isNull(notifications.readAt)));
}

/** Read notifications are kept 90 days, unread ones a year (the maintenance sweep); answers how many went. */
export async function sweepNotifications(db: Executor): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(
      sql`(${notifications.readAt} IS NOT NULL AND ${notifications.createdAt} < now() - interval '90 days') OR ${notifications.createdAt} < now() - interval '365 days'`,
    )
    .returning({ id: notifications.id });
  return deleted.length;
}

/** The contact's notifications after an id, oldest first: what a live stream opened again missed. */
export async function notificationsAfter(db: Executor, accountId: number, contactId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(ownedBy(accountId, contactId), sql`${notifications.id} > ${afterId}`))
    .orderBy(notifications.id)
    .limit(limit);
}

export async function findNotification(db: Executor, accountId: number, contactId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(ownedBy(accountId, contactId), eq(notifications.id, id)));
  return row;
}

/** Whether the contact is still one of the account's (an unsubscribe link may outlive its user). */
export async function isContactOf(db: Executor, accountId: number, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contactDirectory.id })
    .from(contactDirectory)
    .where(and(eq(contactDirectory.accountId, accountId), eq(contactDirectory.id, contactId)));
  return row !== undefined;
}
