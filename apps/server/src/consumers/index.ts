import type { EventConsumer } from '../events/event-recorder.js';
import type { MailingDeps } from './consequences.js';
import { auditConsumer } from './audit.consumer.js';
import { liveConsumer } from './live.consumer.js';
import { mailConsumer } from './mail.consumer.js';
import { notificationsConsumer } from './notifications.consumer.js';
import { webhooksConsumer } from './webhooks.consumer.js';
import { removedUsersConsumer } from './removed-users.consumer.js';

/** Every consumer of the domain events, in the order they run in an event's transaction (decision 0041). */
export function portalConsumers(deps: MailingDeps): EventConsumer[] {
  return [auditConsumer(), webhooksConsumer(), mailConsumer(deps), notificationsConsumer(deps), liveConsumer(), removedUsersConsumer()];
}
