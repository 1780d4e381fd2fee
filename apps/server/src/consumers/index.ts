import type { AppConfig } from '../config/index.js';
import type { Executor } from '../db/client.js';
import type { EventConsumer } from '../events/event-recorder.js';
import type { Mailer } from '../platform/mail.js';
import type { UnsubscribeSigner } from '../platform/unsubscribe-links.js';
import { auditConsumer } from './audit.consumer.js';
import { liveConsumer } from './live.consumer.js';
import { mailConsumer } from './mail.consumer.js';
import { notificationsConsumer } from './notifications.consumer.js';
import { webhooksConsumer } from './webhooks.consumer.js';

/** Every consumer of the domain events, in the order they run in an event's transaction (decision 0041). */
export function portalConsumers(deps: { mailer: Mailer<Executor>; config: AppConfig; unsubscribeLinks: UnsubscribeSigner }): EventConsumer[] {
  return [auditConsumer(), webhooksConsumer(), mailConsumer(deps), notificationsConsumer(deps), liveConsumer()];
}
