/**
 * The notifications capability's public entry (issue 35, decision 0046): the in-portal inbox, the notification
 * choices, and what the notifications consumer writes. The notifications and notification_preferences tables are
 * this module's.
 */
export { createNotificationsService, type NotificationsService } from './notifications.service.js';
export { notifyInPortal, recipientsOf, type Audience, type Notice, type Recipient } from './audience.js';
export { sweepNotifications } from './notifications.repository.js';
export { liveReads } from './live-reads.js';
export { createRemindersRunner, REMINDERS_CRON, REMINDERS_QUEUE, type RemindersRunner } from './reminders.js';
export { sweepReminders } from './reminders.repository.js';
export { mailChoicesOf, mailedNow, type AddressMailChoice } from './audience.js';
export { notificationMail } from './notification-mail.js';
export { createDigestRunner, DIGEST_CRON, DIGEST_QUEUE, type DigestRunner } from './digest.js';
