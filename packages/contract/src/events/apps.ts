import { z } from 'zod';

/** The application launcher's one-time launch links (decision 0041). */
export const appsEventData = {
  'app.launch_issued': z.object({ app: z.string(), api_id: z.string(), by: z.string(), contact_id: z.number().int() }),
  /** An app redeemed a launch link; `contact_id` is null when the link was unknown, used, or for another app. */
  'app.launch_redeemed': z.object({ app: z.string(), outcome: z.enum(['success', 'failure']), contact_id: z.number().int().nullable() }),
} satisfies Record<string, z.ZodObject>;
export type AppsEventType = keyof typeof appsEventData;
