import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  acceptedDownloadRecord,
  downloadInput,
  downloadLink,
  downloadRecord,
  generateLinkInput,
  supportTool,
  toolLinkParams,
  toolLinkQuery,
} from '../entities/support-tools.js';
import { resultWhenSent } from '../entities/common.js';

const tag = 'Support tools';

export const listSupportTools = defineEndpoint({
  method: 'GET',
  path: '/crm/support-tools',
  summary: 'Support tools the account may download (admins and technical contacts)',
  tag,
  access: 'technical',
  result: z.array(supportTool),
});

export const generateToolLink = defineEndpoint({
  method: 'POST',
  path: '/crm/support-tools/generate-link',
  summary:
    'A signed, time-limited download link ({tool_id, valid_hours, os_type?}), or with {tool_id, os_type} alone the built file itself (a zip with a content-disposition filename); an account the monitoring system does not know gets the error code configuration_not_found',
  tag,
  access: 'technical',
  body: generateLinkInput,
  result: downloadLink,
  produces: ['application/json', 'application/zip'],
});

export const recordToolDownload = defineEndpoint({
  method: 'POST',
  path: '/crm/support-tools/download',
  summary: 'Record a download (the token of a generated link, or "direct-download")',
  tag,
  access: 'technical',
  body: downloadInput,
  result: downloadRecord,
  // §7 describes no result.
  accepts: resultWhenSent(downloadRecord),
});

export const listToolDownloads = defineEndpoint({
  method: 'GET',
  path: '/crm/support-tools/download-history',
  summary: 'Downloads of support tools by the account (admins and technical contacts)',
  tag,
  access: 'technical',
  result: z.array(downloadRecord),
  accepts: z.array(acceptedDownloadRecord),
});

export const openToolLink = defineEndpoint({
  method: 'GET',
  path: '/crm/support-tools/links/:token',
  summary:
    'The file behind a download link, without signing in: the signed link is the credential. Refused when expired, altered or already used (one-time tools). A link to a per-OS build that names no OS answers a page to choose one (?os=windows|mac|linux)',
  tag,
  access: 'public',
  params: toolLinkParams,
  query: toolLinkQuery,
  result: z.null(),
  produces: ['application/zip', 'text/html'],
});
