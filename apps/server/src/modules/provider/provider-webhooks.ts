import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint, WebhookEndpointInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { WebhooksService } from '../webhooks/index.js';
import type { ProviderCaller } from './api-keys.js';
import { byKey } from './provider-support.js';

/**
 * The webhook endpoints through the provider API: the webhooks service does the work (as for the
 * CLI); each change is then recorded as an event under the key's name (decision 0041), which the audit
 * log takes. Endpoints belong to the provider, not to an account, so their events carry no account.
 */
export function createProviderWebhooks(db: Database, webhooks: WebhooksService, events: EventRecorder) {
  const by = (provider: ProviderCaller, meta: ClientMeta) => ({ accountId: null, ...byKey(provider, meta) });

  return {
    async create(provider: ProviderCaller, input: WebhookEndpointInput, meta: ClientMeta): Promise<CreatedWebhookEndpoint> {
      const created = await webhooks.create(input);
      await events.record(db, {
        type: 'webhook_endpoint.created',
        ...by(provider, meta),
        data: { endpoint_id: created.id, url: created.url, events: created.events },
      });
      return created;
    },

    list: async (): Promise<{ items: WebhookEndpoint[] }> => ({ items: await webhooks.list() }),

    get: (id: number): Promise<WebhookEndpoint> => webhooks.get(id),

    async setEnabled(provider: ProviderCaller, id: number, enabled: boolean, meta: ClientMeta): Promise<WebhookEndpoint> {
      const endpoint = await webhooks.setEnabled(id, enabled);
      await events.record(db, { type: 'webhook_endpoint.enabled', ...by(provider, meta), data: { endpoint_id: id, enabled } });
      return endpoint;
    },

    async remove(provider: ProviderCaller, id: number, meta: ClientMeta): Promise<null> {
      const endpoint = await webhooks.get(id);
      await webhooks.remove(id);
      await events.record(db, { type: 'webhook_endpoint.deleted', ...by(provider, meta), data: { endpoint_id: id, url: endpoint.url } });
      return null;
    },

    deliveries: async (filter: { endpoint_id?: number; status?: WebhookDeliveryStatus; limit: number }): Promise<{ items: WebhookDelivery[] }> => ({
      items: await webhooks.deliveries({ endpointId: filter.endpoint_id, status: filter.status, limit: filter.limit }),
    }),

    async retry(provider: ProviderCaller, deliveryId: number, meta: ClientMeta): Promise<WebhookDelivery> {
      const delivery = await webhooks.retry(deliveryId);
      await events.record(db, {
        type: 'webhook_delivery.retried',
        ...by(provider, meta),
        data: {
          delivery_id: deliveryId,
          endpoint_id: delivery.endpoint_id,
          event_id: delivery.event_id,
        },
      });
      return delivery;
    },
  };
}
