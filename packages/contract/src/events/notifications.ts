import { z } from 'zod';

/** What the portal reminds people of ahead of time (issue 35), each once per item. */
export const REMINDER_KINDS = ['autopay_due', 'card_expiring', 'warranty_expiring', 'credential_expiring'] as const;

/** One item coming due, as its owning module names it: never more of a card than its last four digits. */
export const reminderData = z.object({
  kind: z.enum(REMINDER_KINDS),
  /** The item and its due date, e.g. `warranty:42:2026-12-01`: a reminder is sent once per key. */
  key: z.string(),
  /** What the item is called: the asset's name, the credential's title, the card's last four digits. */
  name: z.string(),
  /** `YYYY-MM-DD` (a card: the last day of its month). */
  due_on: z.string(),
  /** The amount an automatic payment will charge; null otherwise. */
  amount: z.number().nullable(),
});
export type ReminderData = z.infer<typeof reminderData>;

/** The notifications capability's own events: the scheduled reminders (decision 0046). */
export const notificationEventData = {
  'reminder.due': reminderData,
} satisfies Record<string, z.ZodObject>;
export type NotificationEventType = keyof typeof notificationEventData;
