import { z } from 'zod';

/** The provider's webhook endpoints, managed through its API (decision 0041); they belong to no account. */
export const webhookAdminEventData = {
  'webhook_endpoint.created': z.object({ endpoint_id: z.number().int(), url: z.string(), events: z.array(z.string()) }),
  'webhook_endpoint.enabled': z.object({ endpoint_id: z.number().int(), enabled: z.boolean() }),
  'webhook_endpoint.deleted': z.object({ endpoint_id: z.number().int(), url: z.string() }),
  'webhook_delivery.retried': z.object({ delivery_id: z.number().int(), endpoint_id: z.number().int(), event_id: z.string() }),
} satisfies Record<string, z.ZodObject>;
export type WebhookAdminEventType = keyof typeof webhookAdminEventData;
