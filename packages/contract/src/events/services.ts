import { z } from 'zod';

/** The services the provider's systems push (decision 0041). */
export const serviceEventData = {
  /** One service created or changed by external id (an identical push records nothing). */
  'service.pushed': z.object({ service_id: z.number().int(), external_id: z.string(), created: z.boolean() }),
  /** A batch of services; the counts of what changed. */
  'services.bulk_pushed': z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
} satisfies Record<string, z.ZodObject>;
export type ServiceEventType = keyof typeof serviceEventData;
