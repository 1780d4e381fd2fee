import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint, WebhookEndpointInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { ProviderCaller } from './api-keys.js';
import { recordProviderChange } from './provider-support.js';

/**
 * The webhook endpoints through the provider API: the webhooks service does the work (as for the
 * CLI); each change is then written to the audit log under the key's name. Endpoints belong to
 * the provider, not to an account, so their audit rows carry no account.
 */
export function createProviderWebhooks(db: Database, webhooks: WebhooksService) {
  const audit = (provider: ProviderCaller, meta: ClientMeta, action: string, details: Record<string, unknown>) =>
    recordProviderChange(db, provider, meta, action, null, details);

  return {
    async create(provider: ProviderCaller, input: WebhookEndpointInput, meta: ClientMeta): Promise<CreatedWebhookEndpoint> {
      const created = await webhooks.create(input);
      await audit(provider, meta, 'provider.webhook_endpoint_created', { endpoint_id: created.id, url: created.url, events: created.events });
      return created;
    },

    list: async (): Promise<{ items: WebhookEndpoint[] }> => ({ items: await webhooks.list() }),

    get: (id: number): Promise<WebhookEndpoint> => webhooks.get(id),

    async setEnabled(provider: ProviderCaller, id: number, enabled: boolean, meta: ClientMeta): Promise<WebhookEndpoint> {
      const endpoint = await webhooks.setEnabled(id, enabled);
      await audit(provider, meta, enabled ? 'provider.webhook_endpoint_enabled' : 'provider.webhook_endpoint_disabled', { endpoint_id: id });
      return endpoint;
    },

    async remove(provider: ProviderCaller, id: number, meta: ClientMeta): Promise<null> {
      const endpoint = await webhooks.get(id);
      await webhooks.remove(id);
      await audit(provider, meta, 'provider.webhook_endpoint_deleted', { endpoint_id: id, url: endpoint.url });
      return null;
    },

    deliveries: async (filter: { endpoint_id?: number; status?: WebhookDeliveryStatus; limit: number }): Promise<{ items: WebhookDelivery[] }> => ({
      items: await webhooks.deliveries({ endpointId: filter.endpoint_id, status: filter.status, limit: filter.limit }),
    }),

    async retry(provider: ProviderCaller, deliveryId: number, meta: ClientMeta): Promise<WebhookDelivery> {
      const delivery = await webhooks.retry(deliveryId);
      await audit(provider, meta, 'provider.webhook_delivery_retried', {
        delivery_id: deliveryId,
        endpoint_id: delivery.endpoint_id,
        event_id: delivery.event_id,
      });
      return delivery;
    },
  };
}
