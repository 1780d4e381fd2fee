import { z } from 'zod';
import { DEFAULT_TOOL_LINK_VALID_HOURS, MAX_TOOL_LINK_VALID_HOURS, OS_TYPES, SUPPORT_TOOL_TYPES } from '../constants.js';
import { idField, timestamp, openEnum, specId } from './common.js';

export const supportTool = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: openEnum(SUPPORT_TOOL_TYPES),
  platforms: z.array(openEnum(OS_TYPES)),
  requires_custom_build: z.boolean(),
  one_time_use: z.boolean(),
  /** The size of the file a download delivers, in words ("1.4 KB", or "1.3–1.6 KB" when the platforms' files differ). */
  file_size: z.string(),
  documentation: z.string().nullable(),
  /**
   * Ours, beyond the spec (decision 0035): the bytes of the file each platform's download delivers, measured on that
   * file; absent where no file can be made (an agent for an account the monitoring system does not know).
   */
  file_sizes: z.record(z.string(), z.number().int().nonnegative()).optional(),
});
export type SupportTool = z.infer<typeof supportTool>;

/** A file's size in words, as the portal states it: "812 bytes", "1.4 KB", "48.2 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'] as const;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(1)} ${units[unit]}`;
}

/** The sizes of a tool's files in words: one size, or the smallest to the largest when the platforms' files differ. */
export function formatFileSizes(sizes: readonly number[]): string {
  if (sizes.length === 0) return '—';
  const [smallest, largest] = [formatFileSize(Math.min(...sizes)), formatFileSize(Math.max(...sizes))];
  if (smallest === largest) return smallest;
  const [low, lowUnit] = smallest.split(' ');
  const [high, highUnit] = largest.split(' ');
  return lowUnit === highUnit ? `${low}–${high} ${highUnit}` : `${smallest}–${largest}`;
}

export const toolId = idField('tool_id');

const osType = z.enum(OS_TYPES, { error: 'os_type must be windows, mac or linux' });

/**
 * The two shapes of POST /crm/support-tools/generate-link (docs/decisions/0017):
 * - `{tool_id, os_type}` alone: the build-and-download variant, answered with the file itself;
 * - `{tool_id, valid_hours?, os_type?}`: a signed link valid for `valid_hours` (24 by default, at
 *   most 168), for one OS when `os_type` is given with it.
 * The build shape is tried first, so `os_type` without `valid_hours` always means "the file now".
 */
export const buildToolInput = z.object({ tool_id: toolId, os_type: osType }).strict();
export const toolLinkInput = z
  .object({
    tool_id: toolId,
    valid_hours: z
      .number({ error: 'valid_hours must be a number' })
      .int('valid_hours must be a whole number')
      .min(1, 'valid_hours must be at least 1')
      .max(MAX_TOOL_LINK_VALID_HOURS, `valid_hours must be at most ${MAX_TOOL_LINK_VALID_HOURS}`)
      .default(DEFAULT_TOOL_LINK_VALID_HOURS),
    os_type: osType.optional(),
  })
  .strict();
export const generateLinkInput = z.union([buildToolInput, toolLinkInput]);

export const downloadLink = z.object({
  url: z.string(),
  expires_at: timestamp,
  token: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLink>;

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
export type DownloadRecord = z.infer<typeof downloadRecord>;

/**
 * A download of the history as a client accepts it (docs/decisions/0029): the spec lists the call
 * but gives its items no fields (§3), so every field is optional and the screen shows what is there.
 */
export const acceptedDownloadRecord = downloadRecord.partial().extend({
  // The spec gives ids no type.
  id: specId.optional(),
  tool_id: specId.optional(),
});
export type AcceptedDownloadRecord = z.infer<typeof acceptedDownloadRecord>;

/** The public link itself: the token in the path; `os` picks the build when the link names none. */
export const toolLinkParams = z.object({ token: z.string().min(1, 'The link is incomplete').max(600, 'The link is not valid') });
export const toolLinkQuery = z.object({ os: z.enum(OS_TYPES, { error: 'os must be windows, mac or linux' }).optional() });
