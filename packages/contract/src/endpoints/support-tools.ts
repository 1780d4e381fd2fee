import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { downloadInput, downloadLink, downloadRecord, generateLinkInput, supportTool } from '../entities/support-tools.js';

const tag = 'Support tools';

export const listSupportTools = defineEndpoint({
  method: 'GET',
  path: '/crm/support-tools',
  summary: 'Support tools the account may download (admins)',
  tag,
  access: 'admin',
  result: z.array(supportTool),
});

export const generateToolLink = defineEndpoint({
  method: 'POST',
  path: '/crm/support-tools/generate-link',
  summary: 'A time-limited download link ({tool_id, valid_hours}), or with {tool_id, os_type} the built file itself',
  tag,
  access: 'admin',
  body: generateLinkInput,
  result: downloadLink,
  produces: ['application/json', 'application/zip'],
});

export const recordToolDownload = defineEndpoint({
  method: 'POST',
  path: '/crm/support-tools/download',
  summary: 'Record a download (the token of a generated link, or "direct-download")',
  tag,
  access: 'admin',
  body: downloadInput,
  result: downloadRecord,
});

export const listToolDownloads = defineEndpoint({
  method: 'GET',
  path: '/crm/support-tools/download-history',
  summary: 'Downloads of support tools by the account (admins)',
  tag,
  access: 'admin',
  result: z.array(downloadRecord),
});
