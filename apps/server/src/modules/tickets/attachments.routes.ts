import type { FastifyReply } from 'fastify';
import { endpoints } from '@portal/contract';
import { oneFile } from '../../http/multipart.js';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { attachmentWire, fileTooLarge, type TicketAttachments } from './attachments.js';

/**
 * How a stored file leaves (docs/decisions/0047): never as something the browser runs. Nosniff keeps the type the bytes
 * were found to be; the CSP sandboxes whatever is opened (no script, no same origin, nothing loaded).
 */
export const ATTACHMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The filename parameter in both forms: ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function send(reply: FastifyReply, opened: Awaited<ReturnType<TicketAttachments['open']>>, kind: 'attachment' | 'inline') {
  return reply
    .header('content-disposition', contentDisposition(kind, opened.row.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', ATTACHMENT_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-length', String(opened.row.size))
    .type(opened.row.contentType)
    .send(opened.bytes);
}

async function sendThumbnail(reply: FastifyReply, opened: Awaited<ReturnType<TicketAttachments['openThumbnail']>>) {
  return reply
    .header('content-disposition', contentDisposition('inline', `${opened.row.fileName}.webp`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', ATTACHMENT_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .type('image/webp')
    .send(opened.bytes);
}

const asStored = { compress: false } as const;

export function attachmentRoutes(attachments: TicketAttachments): EndpointRoute[] {
  const { limits } = attachments;
  return [
    route(endpoints.uploadTicketAttachment, async ({ caller, request }) => {
      const file = await oneFile(request, limits.maxFileBytes, () => fileTooLarge(limits));
      const row = await attachments.upload({ accountId: caller.accountId, contactId: caller.contactId }, file);
      return new Respond(attachmentWire(row), 'The file was uploaded.', 201);
    }),
    // Files go as stored, with their length: never compressed on the way (most are already; the CPU is the server's).
    route(
      endpoints.downloadTicketAttachment,
      async ({ caller, params, reply }) => send(reply, await attachments.open(caller, params.id, 'download'), 'attachment'),
      asStored,
    ),
    route(endpoints.openAttachmentLink, async ({ params, reply }) => send(reply, await attachments.openByLink(params.token), 'attachment'), asStored),
    route(
      endpoints.ticketAttachmentThumbnail,
      async ({ caller, params, reply }) => sendThumbnail(reply, await attachments.openThumbnail(caller, params.id)),
      asStored,
    ),
    route(
      endpoints.viewTicketAttachment,
      async ({ caller, params, reply }) => send(reply, await attachments.open(caller, params.id, 'inline'), 'inline'),
      asStored,
    ),
  ];
}
