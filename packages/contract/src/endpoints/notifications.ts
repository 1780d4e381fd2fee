import { defineEndpoint } from '../endpoint.js';
import { idParams } from '../entities/common.js';
import {
  liveMessage,
  myNotificationPreferences,
  notification,
  notificationList,
  notificationListQuery,
  notificationPreferences,
  unreadCount,
  unsubscribed,
  unsubscribeQuery,
} from '../entities/notifications.js';

const tag = 'Notifications';

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/portal/notifications',
  summary: 'The signed-in contact’s notifications, newest first, with the unread count (the bell and /notifications)',
  tag,
  access: 'user',
  query: notificationListQuery,
  result: notificationList,
});

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/portal/notifications/:id/read',
  summary: 'Mark one of the signed-in contact’s notifications read',
  tag,
  access: 'user',
  params: idParams,
  result: notification,
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/portal/notifications/read-all',
  summary: 'Mark every notification of the signed-in contact read',
  tag,
  access: 'user',
  result: unreadCount,
});

export const getMyNotificationPreferences = defineEndpoint({
  method: 'GET',
  path: '/portal/my-profile/notifications',
  summary: 'What the signed-in contact is told, by which channel, per category (their own choice or the account’s default)',
  tag,
  access: 'user',
  result: myNotificationPreferences,
});

export const updateMyNotificationPreferences = defineEndpoint({
  method: 'PUT',
  path: '/portal/my-profile/notifications',
  summary: 'Save the signed-in contact’s notification choices (security notices stay on whatever is sent)',
  tag,
  access: 'user',
  body: notificationPreferences,
  result: myNotificationPreferences,
});

export const getAccountNotificationDefaults = defineEndpoint({
  method: 'GET',
  path: '/portal/notification-defaults',
  summary: 'The account-wide default of notification choices, for users who have not chosen their own',
  tag,
  access: 'admin',
  result: notificationPreferences,
});

export const updateAccountNotificationDefaults = defineEndpoint({
  method: 'PUT',
  path: '/portal/notification-defaults',
  summary: 'Set the account-wide default of notification choices',
  tag,
  access: 'admin',
  body: notificationPreferences,
  result: notificationPreferences,
});

export const streamPortalEvents = defineEndpoint({
  method: 'GET',
  path: '/portal/events',
  summary:
    'Live updates for the signed-in contact as Server-Sent Events: their new notifications and changes to tickets they see. Send Last-Event-ID to be sent the notifications after it. Each message is one of `result`.',
  tag,
  access: 'user',
  result: liveMessage,
  produces: ['text/event-stream'],
});

export const unsubscribeFromEmail = defineEndpoint({
  method: 'POST',
  path: '/portal/unsubscribe',
  summary:
    'One-click unsubscribe (RFC 8058) from one category of notification mail, by the signed link of a mail; works signed out. The mail program posts `List-Unsubscribe=One-Click` as a form; the body is not read.',
  tag,
  access: 'public',
  query: unsubscribeQuery,
  result: unsubscribed,
});
