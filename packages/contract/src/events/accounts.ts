import { z } from 'zod';

/** The customer accounts the provider's systems push (decision 0041). */
export const accountEventData = {
  /** One account created or changed by external id; `status_changed_from` when it was suspended or made active again. */
  'account.pushed': z.object({ external_id: z.string(), created: z.boolean(), status: z.string(), status_changed_from: z.string().nullable() }),
  /** A batch of accounts; the counts of what changed, and every status change. */
  'accounts.bulk_pushed': z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    status_changed: z.array(z.object({ external_id: z.string(), from: z.string(), to: z.string() })),
  }),
} satisfies Record<string, z.ZodObject>;
export type AccountEventType = keyof typeof accountEventData;
