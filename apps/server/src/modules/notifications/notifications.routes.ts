import { endpoints, NOTIFICATION_CATEGORY_LABELS } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { unsubscribedMessage, type NotificationsService } from './notifications.service.js';

export const PREFERENCES_SAVED = 'Your notification settings have been saved.';
export const DEFAULTS_SAVED = 'The account’s notification defaults have been saved.';

export function notificationsRoutes(notifications: NotificationsService): EndpointRoute[] {
  return [
    route(endpoints.listNotifications, ({ caller, query }) => notifications.list(caller, query)),
    route(endpoints.markNotificationRead, ({ caller, params }) => notifications.markRead(caller, params.id)),
    route(endpoints.markAllNotificationsRead, ({ caller }) => notifications.markAllRead(caller)),
    route(endpoints.getMyNotificationPreferences, ({ caller }) => notifications.myPreferences(caller)),
    route(
      endpoints.updateMyNotificationPreferences,
      async ({ caller, body }) => new Respond(await notifications.saveMyPreferences(caller, body), PREFERENCES_SAVED),
    ),
    route(endpoints.unsubscribeFromEmail, async ({ query }) => {
      const done = await notifications.unsubscribe(query.token);
      return new Respond(done, unsubscribedMessage(NOTIFICATION_CATEGORY_LABELS[done.category]));
    }),
    route(endpoints.getAccountNotificationDefaults, ({ caller }) => notifications.accountDefaults(caller)),
    route(
      endpoints.updateAccountNotificationDefaults,
      async ({ caller, body }) => new Respond(await notifications.saveAccountDefaults(caller, body), DEFAULTS_SAVED),
    ),
  ];
}
