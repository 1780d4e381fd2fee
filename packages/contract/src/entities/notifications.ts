import { z } from 'zod';
import { openEnum, timestamp } from './common.js';

/** What a notification is about; each has its own in-portal and e-mail switch (issue 35). */
export const NOTIFICATION_CATEGORIES = ['tickets', 'billing', 'assets', 'users', 'security'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Each category as the profile and the mails name it. */
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  tickets: 'Tickets',
  billing: 'Billing',
  assets: 'Assets and vault',
  users: 'Users',
  security: 'Security',
};
/** Security notices are always sent, on both channels: a user cannot switch off being told of a sign-in or a new password. */
export const ALWAYS_ON_CATEGORIES: readonly NotificationCategory[] = ['security'];

/** When e-mail goes out: with each notification, once a day in one mail, or not at all. */
export const EMAIL_DIGESTS = ['immediately', 'daily', 'never'] as const;
export type EmailDigest = (typeof EMAIL_DIGESTS)[number];

/** The most a notifications page holds. */
export const NOTIFICATION_PAGE_LIMIT = 50;
/** Offsets beyond this are refused: nobody pages that far, and a huge one would only cost the database. */
export const NOTIFICATION_MAX_OFFSET = 100_000;

const channels = z
  .object({
    in_portal: z.boolean({ error: 'in_portal must be true or false' }),
    email: z.boolean({ error: 'email must be true or false' }),
  })
  .strict();
export type NotificationChannels = z.infer<typeof channels>;

/**
 * A contact's (or the account's default) choices: per category, in-portal and e-mail on or off; the digest; and, for
 * an administrator, whether every ticket of the account is news to them or only their own.
 */
export const notificationPreferences = z
  .object({
    categories: z
      .object({
        tickets: channels,
        billing: channels,
        assets: channels,
        users: channels,
        security: channels,
      })
      .strict(),
    email_digest: z.enum(EMAIL_DIGESTS, { error: 'email_digest must be immediately, daily or never' }),
    all_account_tickets: z.boolean({ error: 'all_account_tickets must be true or false' }),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** What nobody has chosen yet: everything on, mailed as it happens, only one's own tickets. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  categories: {
    tickets: { in_portal: true, email: true },
    billing: { in_portal: true, email: true },
    assets: { in_portal: true, email: true },
    users: { in_portal: true, email: true },
    security: { in_portal: true, email: true },
  },
  email_digest: 'immediately',
  all_account_tickets: false,
};

/** The caller's own choices, and where each came from: their own, or the account's default. */
export const myNotificationPreferences = notificationPreferences.extend({
  /** True when the caller has not chosen and the account's default (or the portal's) applies. */
  from_account_default: z.boolean(),
});
export type MyNotificationPreferences = z.infer<typeof myNotificationPreferences>;

/** One notification, as the bell's panel and `/notifications` list it. */
export const notification = z.object({
  id: z.number().int(),
  category: openEnum(NOTIFICATION_CATEGORIES),
  /** What happened, e.g. `ticket.reply`, `payment.failed`. */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The portal path of the thing: `/tickets/42`, `/billing?tab=statements`. */
  link: z.string(),
  created_at: timestamp,
  read_at: timestamp.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(NOTIFICATION_PAGE_LIMIT, `limit must be at most ${NOTIFICATION_PAGE_LIMIT}`)
    .default(20),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .max(NOTIFICATION_MAX_OFFSET, `offset must be at most ${NOTIFICATION_MAX_OFFSET}`)
    .default(0),
  unread: z.enum(['true', 'false'], { error: 'unread must be true or false' }).optional(),
});

export const notificationList = z.object({
  notifications: z.array(notification),
  total_count: z.number().int(),
  /** The caller's unread notifications in all: the bell's count. */
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCount = z.object({ unread_count: z.number().int() });

/**
 * What the live stream (`GET /api/portal/events`, Server-Sent Events) sends; each message's `event` is its `type`.
 * A notification carries its id as the message's id, so a stream opened again with `Last-Event-ID` is sent those
 * after it; a ticket update only names the ticket (the screen fetches it again); `ready` ends the catch-up;
 * `end` closes a stream whose session ended.
 */
export const liveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), unread_count: z.number().int() }),
  z.object({ type: z.literal('notification'), notification, unread_count: z.number().int() }),
  z.object({ type: z.literal('ticket'), ticket_id: z.number().int() }),
  /** Updates may have been missed (the server lost its feed for a moment): fetch what the screen shows again. */
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('end'), reason: z.enum(['signed_out', 'server_closing']) }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

export const unsubscribeQuery = z.object({
  token: z.string().min(1, 'token is required').max(200, 'token must be at most 200 characters'),
});

/** What a one-click unsubscribe switched off. */
export const unsubscribed = z.object({ category: openEnum(NOTIFICATION_CATEGORIES), email: z.literal(false) });
