import { z } from 'zod';
import { DEFAULT_TOOL_LINK_VALID_HOURS, OS_TYPES, SUPPORT_TOOL_TYPES } from '../constants.js';
import { timestamp, openEnum } from './common.js';

export const supportTool = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: openEnum(SUPPORT_TOOL_TYPES),
  platforms: z.array(openEnum(OS_TYPES)),
  requires_custom_build: z.boolean(),
  one_time_use: z.boolean(),
  file_size: z.string(),
  documentation: z.string().nullable(),
});
export type SupportTool = z.infer<typeof supportTool>;

export const toolId = z.number({ error: 'tool_id must be a number' }).int().positive();

/** Either a time-limited link (`valid_hours`) or, for a custom build, the file itself (`os_type`). */
export const generateLinkInput = z.union([
  z.object({
    tool_id: toolId,
    valid_hours: z.number().int().min(1, 'valid_hours must be at least 1').max(168, 'valid_hours must be at most 168').default(DEFAULT_TOOL_LINK_VALID_HOURS),
  }).strict(),
  z.object({ tool_id: toolId, os_type: z.enum(OS_TYPES, { error: 'os_type must be windows, mac or linux' }) }).strict(),
]);

export const downloadLink = z.object({
  url: z.string(),
  expires_at: timestamp,
  token: z.string(),
});

export const downloadInput = z.object({
  tool_id: toolId,
  download_token: z.string().min(1, 'download_token is required').max(200),
});

export const downloadRecord = z.object({
  id: z.number().int(),
  tool_id: z.number().int(),
  tool_name: z.string(),
  downloaded_by: z.string(),
  download_token: z.string(),
  created: timestamp,
});
