import { z } from 'zod';

const toolRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * The support tools' events (decisions 0017 and 0041). A link's token is never in them: only its id (the portal keeps
 * only the token's hash).
 */
export const supportToolEventData = {
  /** An administrator had a tool's file built for one platform and downloaded it. */
  'support_tool.built': z.object({ tool: toolRef, os: z.string(), filename: z.string(), bytes: z.number().int() }),
  /** An administrator made a signed download link for a tool. */
  'support_tool.link_created': z.object({
    link_id: z.number().int(),
    tool: toolRef,
    os: z.string().nullable(),
    valid_hours: z.number(),
    expires_at: z.string(),
    one_time_use: z.boolean(),
  }),
  /** A download link was refused: its signature or record did not hold, it expired, or (one-time) it was used. `link` is null when unknown. */
  'support_tool.link_refused': z.object({
    reason: z.enum(['invalid', 'expired', 'used']),
    link: z.object({ id: z.number().int(), tool_id: z.number().int() }).nullable(),
  }),
  /** A download link was opened and its file served (to someone without a session). */
  'support_tool.link_downloaded': z.object({
    download_id: z.number().int(),
    link_id: z.number().int(),
    tool: toolRef,
    os: z.string(),
    filename: z.string(),
    one_time_use: z.boolean(),
  }),
  /** A contact's download of a tool, directly or through one of the account's links, as their browser reports it. */
  'support_tool.downloaded': z.object({
    download_id: z.number().int(),
    tool: toolRef,
    via: z.enum(['direct', 'link']),
    link_id: z.number().int().nullable(),
  }),
} satisfies Record<string, z.ZodObject>;
export type SupportToolEventType = keyof typeof supportToolEventData;
