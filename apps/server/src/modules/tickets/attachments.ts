import { Readable } from 'node:stream';
import type { TicketAttachment } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { executeSqlOn } from '../../db/execute-sql.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueueJobs } from '../../platform/job-queue.js';
import { makeThumbnail } from '../../platform/thumbnails.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { findEntryByExternalId, findTicketByExternalId } from './ticket-sync.repository.js';
import { newStorageKey, TooLarge, type AttachmentStorage } from '../../platform/attachment-storage.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { Caller } from '../auth/index.js';
import {
  accountAttachmentBytes,
  attachedFile,
  attachmentById,
  deleteUnattached,
  setThumbnail,
  attachmentsOf,
  claimAttachments,
  insertAttachment,
  lockAccountAttachments,
  visibleAttachment,
  type AttachmentRow,
} from './attachments.repository.js';
import { ticketScopeOf } from './tickets.policy.js';

/** The job that makes an image's thumbnail (decision 0040): any instance, after the upload commits. */
export const THUMBNAIL_QUEUE = 'attachment-thumbnail';

export interface AttachmentLimits {
  maxFileBytes: number;
  maxFiles: number;
  accountQuotaBytes: number;
}

/** Images a browser draws as pixels and nothing else: shown inline. SVG (a document that runs script) never is. */
export const INLINE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** file-type reads at most this much of a file's start to tell its type. */
const TYPE_SAMPLE_BYTES = 4100;
const MB = 1024 * 1024;

export const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
export const fileTooLarge = (limits: AttachmentLimits) => new AppError('payload_too_large', `A file can be at most ${megabytes(limits.maxFileBytes)}.`);
export const quotaFull = (limits: AttachmentLimits) =>
  new AppError(
    'payload_too_large',
    `Your account's ${megabytes(limits.accountQuotaBytes)} for attachments is full. Please ask your provider to remove old files.`,
  );
export const tooManyFiles = (limits: AttachmentLimits) =>
  new AppError('unprocessable', `At most ${limits.maxFiles} files can be attached at once.`, { attachment_ids: `At most ${limits.maxFiles} files` });
export const ATTACHMENT_NOT_AVAILABLE = 'An attachment was not found, or is already attached elsewhere. Please upload it again.';
export const EMPTY_FILE = 'The file is empty.';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';
/** A download link that was not made here, was changed, or has run out (as the support tools' links answer: 410). */
export const ATTACHMENT_LINK_INVALID = 'This download link has expired or is not valid. Open the ticket in the portal to download the file.';

/** A name to show and to offer when saving: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1) and lone surrogates out, by code point.
  const clean = [...base]
    .filter((char) => {
      const code = char.codePointAt(0)!;
      return code > 0x1f && (code < 0x7f || code > 0x9f) && (code < 0xd800 || code > 0xdfff);
    })
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

export const attachmentWire = (row: AttachmentRow): TicketAttachment => ({
  id: row.id,
  file_name: row.fileName,
  size: row.size,
  content_type: row.contentType,
  inline: INLINE_IMAGE_TYPES.includes(row.contentType),
  thumbnail: row.thumbnailStatus === 'ready',
  created_date: row.createdAt.toISOString(),
});

export type TicketAttachments = ReturnType<typeof createTicketAttachments>;

/**
 * Files of tickets (docs/decisions/0047). An upload streams into the storage adapter within the file's limit and the
 * account's room, its type read from its first bytes; only then is its row written, under the account's lock, so a
 * refused upload leaves nothing. A ticket or reply then claims its uploads in its own transaction, all or none.
 */
export function createTicketAttachments({
  db,
  storage,
  limits,
  links,
  events,
}: {
  db: Database;
  /** Records the technicians' files as they are attached (a live update of the open ticket, the audit log). */
  events: EventRecorder;
  storage: AttachmentStorage;
  limits: AttachmentLimits;
  /** The signed download links webhooks carry instead of the bytes. */
  links: { urlOf(row: AttachmentRow): string; verify(token: string): { attachmentId: number; accountId: number } | undefined };
}) {
  return {
    limits,

    async upload(
      owner: { accountId: number; contactId: number | null },
      file: { fileName: string | undefined; stream: AsyncIterable<Buffer> },
    ): Promise<AttachmentRow> {
      const room = limits.accountQuotaBytes - (await accountAttachmentBytes(db, owner.accountId));
      if (room <= 0) throw quotaFull(limits);
      const limit = Math.min(limits.maxFileBytes, room);
      const key = newStorageKey();
      let sample = Buffer.alloc(0);
      async function* sampled() {
        for await (const chunk of file.stream) {
          if (sample.length < TYPE_SAMPLE_BYTES) sample = Buffer.concat([sample, chunk.subarray(0, TYPE_SAMPLE_BYTES - sample.length)]);
          yield chunk;
        }
      }
      let size: number;
      try {
        size = await storage.put(key, sampled(), limit);
      } catch (error) {
        if (error instanceof TooLarge) throw limit < limits.maxFileBytes ? quotaFull(limits) : fileTooLarge(limits);
        throw error;
      }
      try {
        if (size === 0) throw new AppError('validation_failed', EMPTY_FILE, { file: EMPTY_FILE });
        // Loaded with the first upload, not with the server (issue 34: start-up and idle memory).
        const { fileTypeFromBuffer } = await import('file-type');
        const type = await fileTypeFromBuffer(sample);
        return await inTransaction(db, async (tx) => {
          await lockAccountAttachments(tx, owner.accountId);
          if ((await accountAttachmentBytes(tx, owner.accountId)) + size > limits.accountQuotaBytes) throw quotaFull(limits);
          const contentType = type?.mime ?? 'application/octet-stream';
          const image = INLINE_IMAGE_TYPES.includes(contentType);
          const row = await insertAttachment(tx, {
            accountId: owner.accountId,
            uploadedBy: owner.contactId,
            fileName: cleanFileName(file.fileName),
            size,
            contentType,
            storageKey: key,
            thumbnailStatus: image ? 'pending' : 'none',
          });
          // Made in the job queue, not in the request: sharp's work is neither the uploader's wait nor this instance's alone.
          if (image) await enqueueJobs(executeSqlOn(tx), [{ queue: THUMBNAIL_QUEUE, data: { attachment_id: row.id } }]);
          return row;
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    /**
     * A technician's files for one entry of a ticket, by the provider's ids (the provider API): each stored as it
     * arrives, then all attached in one transaction; a refusal on the way (a file too large, too many, no such entry)
     * removes every one already stored.
     */
    async pushToEntry(
      by: EventOrigin,
      accountId: number,
      ids: { ticketExternalId: string; entryExternalId: string },
      files: AsyncIterable<{ fileName: string | undefined; stream: AsyncIterable<Buffer> }>,
    ) {
      const stored: AttachmentRow[] = [];
      const owner = { accountId, contactId: null };
      try {
        for await (const file of files) {
          if (stored.length >= limits.maxFiles) throw tooManyFiles(limits);
          stored.push(await this.upload(owner, file));
        }
        if (stored.length === 0) throw new AppError('validation_failed', 'Send one file or more as multipart/form-data.');
        await inTransaction(db, async (tx) => {
          const ticket = await findTicketByExternalId(tx, accountId, ids.ticketExternalId);
          if (!ticket) throw notFound(`The ticket with external id ${ids.ticketExternalId}`);
          const entry = await findEntryByExternalId(tx, ticket.id, ids.entryExternalId);
          if (!entry) throw notFound(`The entry with external id ${ids.entryExternalId}`);
          if (stored.length + (await attachmentsOf(tx, accountId, ticket.id)).filter((row) => row.entryId === entry.id).length > limits.maxFiles) {
            throw tooManyFiles(limits);
          }
          await claimAttachments(
            tx,
            owner,
            stored.map((row) => row.id),
            { ticketId: ticket.id, entryId: entry.id },
          );
          await events.record(tx, {
            type: 'ticket.entry_files_pushed',
            accountId,
            ...by,
            data: {
              ticket: { id: ticket.id, external_id: ids.ticketExternalId },
              entry: { id: entry.id, external_id: ids.entryExternalId, visible_to_customer: entry.visibleToCustomer },
              files: stored.map((row) => ({ id: row.id, file_name: row.fileName, size: row.size, content_type: row.contentType })),
            },
          });
        });
        return stored.map(attachmentWire);
      } catch (error) {
        await Promise.all(stored.map((row) => this.discard(row)));
        throw error;
      }
    },

    /** An upload never attached: its row and its bytes. */
    async discard(row: AttachmentRow) {
      await deleteUnattached(db, row.id);
      await storage.delete(row.storageKey);
    },

    /** In the caller's transaction: the uploads become the ticket's (and the entry's); any one missing refuses them all. */
    async claim(
      tx: Executor,
      owner: { accountId: number; contactId: number | null },
      ids: readonly number[] | undefined,
      target: { ticketId: number; entryId: number | null },
    ) {
      const unique = [...new Set(ids ?? [])];
      if (unique.length > limits.maxFiles) throw tooManyFiles(limits);
      const claimed = await claimAttachments(tx, owner, unique, target);
      if (claimed.length !== unique.length) {
        throw new AppError('unprocessable', ATTACHMENT_NOT_AVAILABLE, { attachment_ids: ATTACHMENT_NOT_AVAILABLE });
      }
      // As the domain event (and so the webhook) carries them: a signed link, never the bytes.
      return claimed.map((row) => ({ id: row.id, file_name: row.fileName, size: row.size, content_type: row.contentType, download_url: links.urlOf(row) }));
    },

    /** The file a signed link names, while the link is good and the file attached. */
    async openByLink(token: string): Promise<{ row: AttachmentRow; bytes: Readable }> {
      const claims = links.verify(token);
      if (!claims) throw new AppError('gone', ATTACHMENT_LINK_INVALID);
      const row = await attachedFile(db, claims.accountId, claims.attachmentId);
      if (!row) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
      return { row, bytes: storage.get(row.storageKey) };
    },

    /** A ticket's attachments by entry (`null`: its description's). */
    async ofTicket(accountId: number, ticketId: number): Promise<Map<number | null, TicketAttachment[]>> {
      const byEntry = new Map<number | null, TicketAttachment[]>();
      for (const row of await attachmentsOf(db, accountId, ticketId)) {
        const list = byEntry.get(row.entryId) ?? [];
        list.push(attachmentWire(row));
        byEntry.set(row.entryId, list);
      }
      return byEntry;
    },

    /** The job: a pending image's thumbnail, or the mark that it was refused (too many pixels, not an image after all). */
    async makeThumbnail(id: number): Promise<void> {
      const row = await attachmentById(db, id);
      if (!row || row.thumbnailStatus !== 'pending') return;
      const thumbnail = await makeThumbnail(storage.get(row.storageKey));
      if (thumbnail === 'refused') return setThumbnail(db, id, { status: 'refused', key: null });
      const key = `${row.storageKey}_thumb`;
      await storage.delete(key);
      await storage.put(key, Readable.from([thumbnail]), thumbnail.length);
      await setThumbnail(db, id, { status: 'ready', key });
    },

    /** An image's thumbnail, with the same right as the file's. */
    async openThumbnail(caller: Caller, id: number): Promise<{ row: AttachmentRow; bytes: Readable }> {
      const row = await visibleAttachment(db, ticketScopeOf(caller), caller.contactId, id);
      if (!row || row.thumbnailStatus !== 'ready' || !row.thumbnailKey) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
      return { row, bytes: storage.get(row.thumbnailKey) };
    },

    /** The file if the caller may have it (the same 404 for "none", "another account's" and "not yours to see"). */
    async open(caller: Caller, id: number, as: 'download' | 'inline'): Promise<{ row: AttachmentRow; bytes: Readable }> {
      const row = await visibleAttachment(db, ticketScopeOf(caller), caller.contactId, id);
      if (!row || (as === 'inline' && !INLINE_IMAGE_TYPES.includes(row.contentType))) throw new AppError('not_found', ATTACHMENT_NOT_FOUND);
      return { row, bytes: storage.get(row.storageKey) };
    },
  };
}
