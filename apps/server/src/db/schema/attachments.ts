import { sql } from 'drizzle-orm';
import { bigint, check, customType, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountOwnedKeys, contacts } from './accounts.js';
import { createdAt } from './columns.js';
import { ticketEntries, tickets } from './tickets.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A file attached to a ticket (docs/decisions/0047): to its opening description (`entry_id` null) or to one entry of its
 * conversation. Uploaded first (ticket null: the uploader's alone, for a day), then attached by the command that writes
 * the ticket or the reply, in its transaction. The bytes are in the storage adapter under `storage_key`.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    ...accountOwnedKeys(),
    ticketId: integer('ticket_id'),
    entryId: integer('entry_id'),
    /** The contact who uploaded it; null for the provider's (a technician's, through the provider API). */
    uploadedBy: integer('uploaded_by').references(() => contacts.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Decided from the bytes (file-type), never from the name or the request's header. */
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    /** pending (an image waiting for its job), ready, refused (too many pixels, or not an image after all), none (not an image). */
    thumbnailStatus: text('thumbnail_status').notNull().default('none'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_attachments_account_id_idx').on(t.accountId),
    index('ticket_attachments_ticket_id_idx').on(t.ticketId),
    index('ticket_attachments_entry_id_idx').on(t.entryId),
    check('ticket_attachments_size_check', sql`${t.size} >= 0`),
    check('ticket_attachments_thumbnail_status_check', sql`${t.thumbnailStatus} IN ('none', 'pending', 'ready', 'refused')`),
    foreignKey({ name: 'ticket_attachments_ticket_fk', columns: [t.accountId, t.ticketId], foreignColumns: [tickets.accountId, tickets.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'ticket_attachments_entry_fk', columns: [t.entryId], foreignColumns: [ticketEntries.id] }).onDelete('cascade'),
  ],
);

/**
 * The PostgreSQL storage adapter's bytes (attachment-storage.postgres.ts): a file as numbered chunks of at most 256 KiB,
 * written and read one chunk at a time, so neither an upload nor a download holds the file in memory. In the database,
 * so backups, the cluster and tenancy need nothing new.
 */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    storageKey: text('storage_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'attachment_chunks_pkey', columns: [t.storageKey, t.seq] })],
);
