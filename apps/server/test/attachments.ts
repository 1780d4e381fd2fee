import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../src/db/client.js';
import { ticketAttachments } from '../src/db/schema/index.js';
import { createPostgresAttachmentStorage } from '../src/modules/tickets/index.js';

/** A multipart/form-data body as a browser sends it: each part a file (or, without a file name, a field). */
export function multipartBody(parts: { name: string; fileName?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

/** One file part named `file`. */
export const fileUpload = (fileName: string, data: Buffer | string, contentType = 'application/octet-stream') =>
  multipartBody([{ name: 'file', fileName, contentType, data }]);

/** A smallest valid PNG (1×1). */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** An attachment stored as an upload would store it, attached to the ticket (and entry) given. */
export async function createAttachment(
  db: Database,
  values: {
    accountId: number;
    ticketId: number | null;
    entryId?: number | null;
    uploadedBy?: number | null;
    fileName?: string;
    contentType?: string;
    data?: Buffer;
    /** Marked as having a thumbnail (the file's own bytes stand in for it). */
    thumbnail?: boolean;
    /** The key its bytes are stored under (a test's own by default). */
    storageKey?: string;
  },
) {
  const data = values.data ?? PNG_1PX;
  const storageKey = values.storageKey ?? `att_test_${randomBytes(8).toString('hex')}`;
  await createPostgresAttachmentStorage(db).put(storageKey, Readable.from([data]), Number.MAX_SAFE_INTEGER);
  const [row] = await db
    .insert(ticketAttachments)
    .values({
      accountId: values.accountId,
      ticketId: values.ticketId,
      entryId: values.entryId ?? null,
      uploadedBy: values.uploadedBy ?? null,
      fileName: values.fileName ?? 'photo.png',
      size: data.length,
      contentType: values.contentType ?? 'image/png',
      storageKey,
      ...(values.thumbnail ? { thumbnailStatus: 'ready', thumbnailKey: storageKey } : {}),
    })
    .returning();
  return row!;
}
