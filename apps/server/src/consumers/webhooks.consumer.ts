import type { EventConsumer } from '../events/event-recorder.js';
import { recordWebhookEvent } from '../modules/webhooks/index.js';
import { consequencesOf } from './consequences-by-type.js';

/**
 * The webhooks, made from the domain events (decision 0041): an event the provider's systems subscribe to is written
 * to the webhook outbox, with a pending delivery per subscribed endpoint and the job that sends them, in the event's
 * transaction. The webhook carries the event's id, so a second run of the consumer writes nothing.
 */
export function webhooksConsumer(): EventConsumer {
  return {
    name: 'webhooks',
    async consume(tx, event) {
      const webhook = consequencesOf(event).webhook?.(event);
      if (webhook && event.accountId !== null) await recordWebhookEvent(tx, { id: event.id, accountId: event.accountId, ...webhook });
    },
  };
}
