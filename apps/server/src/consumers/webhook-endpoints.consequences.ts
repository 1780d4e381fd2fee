import type { WebhookAdminEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What managing the webhook endpoints causes (decision 0041): the audit entries it always had, under the key. */
export const webhookAdminConsequences: ConsequenceTable<WebhookAdminEventType> = {
  'webhook_endpoint.created': { audit: ({ data }) => ({ action: 'provider.webhook_endpoint_created', details: { ...data } }) },
  'webhook_endpoint.enabled': {
    audit: ({ data }) => ({
      action: data.enabled ? 'provider.webhook_endpoint_enabled' : 'provider.webhook_endpoint_disabled',
      details: { endpoint_id: data.endpoint_id },
    }),
  },
  'webhook_endpoint.deleted': { audit: ({ data }) => ({ action: 'provider.webhook_endpoint_deleted', details: { ...data } }) },
  'webhook_delivery.retried': { audit: ({ data }) => ({ action: 'provider.webhook_delivery_retried', details: { ...data } }) },
};
