import type { NotificationEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** A reminder is neither audited nor a webhook: its notice (notices.ts) is all it causes. */
export const notificationConsequences: ConsequenceTable<NotificationEventType> = {
  'reminder.due': {},
};
