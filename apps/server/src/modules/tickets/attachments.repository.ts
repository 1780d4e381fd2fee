import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ticketAttachments, ticketEntries, tickets } from '../../db/schema/index.js';
import type { AttachmentStorage } from '../../platform/attachment-storage.js';
import { ticketsVisibleIn } from './ticket-visibility.repository.js';
import type { TicketScope } from './tickets.policy.js';

/** The attachments' rows (attachments.ts); their bytes are the storage adapter's. */

export type AttachmentRow = typeof ticketAttachments.$inferSelect;

export async function insertAttachment(tx: Executor, values: typeof ticketAttachments.$inferInsert): Promise<AttachmentRow> {
  const [row] = await tx.insert(ticketAttachments).values(values).returning();
  return row!;
}

/** Serialises the account's uploads' last step, so two at once cannot both fit in the space left for one. */
export async function lockAccountAttachments(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('tickets:attachments'), ${accountId})`);
}

export async function accountAttachmentBytes(tx: Executor, accountId: number): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${ticketAttachments.size}), 0)` })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.accountId, accountId));
  return Number(row?.bytes ?? 0);
}

/**
 * Attaches the caller's uploads, not yet attached, to a ticket (and an entry). Returns those it took: fewer than
 * asked means one was another's, already attached or never existed, and the caller's transaction is refused whole.
 */
export async function claimAttachments(
  tx: Executor,
  owner: { accountId: number; contactId: number | null },
  ids: readonly number[],
  target: { ticketId: number; entryId: number | null },
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(ticketAttachments)
    .set({ ticketId: target.ticketId, entryId: target.entryId })
    .where(
      and(
        eq(ticketAttachments.accountId, owner.accountId),
        owner.contactId === null ? isNull(ticketAttachments.uploadedBy) : eq(ticketAttachments.uploadedBy, owner.contactId),
        isNull(ticketAttachments.ticketId),
        inArray(ticketAttachments.id, [...ids]),
      ),
    )
    .returning();
}

/** An attached file by id and account (a signed link's claims). */
export async function attachedFile(db: Executor, accountId: number, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, id), eq(ticketAttachments.accountId, accountId), isNotNull(ticketAttachments.ticketId)));
  return row;
}

/** The attachments of a ticket's description and of the given entries, oldest first. */
export async function attachmentsOf(db: Executor, accountId: number, ticketId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.accountId, accountId), eq(ticketAttachments.ticketId, ticketId)))
    .orderBy(ticketAttachments.id);
}

/**
 * One attachment as the caller may have it: of their account; an uploaded one not yet attached only to its uploader;
 * an attached one only if the caller sees its ticket and the entry is one the customer reads (never a private note's).
 */
export async function visibleAttachment(db: Executor, scope: TicketScope, contactId: number, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select({ attachment: ticketAttachments })
    .from(ticketAttachments)
    .leftJoin(tickets, and(eq(tickets.id, ticketAttachments.ticketId), eq(tickets.accountId, ticketAttachments.accountId)))
    .leftJoin(ticketEntries, eq(ticketEntries.id, ticketAttachments.entryId))
    .where(
      and(
        eq(ticketAttachments.id, id),
        eq(ticketAttachments.accountId, scope.accountId),
        sql`CASE WHEN ${ticketAttachments.ticketId} IS NULL THEN ${ticketAttachments.uploadedBy} = ${contactId}
          ELSE ${ticketsVisibleIn(scope)} AND (${ticketAttachments.entryId} IS NULL OR ${ticketEntries.visibleToCustomer}) END`,
      ),
    );
  return row?.attachment;
}

export async function deleteUnattached(db: Executor, id: number): Promise<void> {
  await db.delete(ticketAttachments).where(and(eq(ticketAttachments.id, id), isNull(ticketAttachments.ticketId)));
}

export async function attachmentById(db: Executor, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.id, id));
  return row;
}

export async function setThumbnail(db: Executor, id: number, thumbnail: { status: 'ready' | 'refused'; key: string | null }): Promise<void> {
  await db.update(ticketAttachments).set({ thumbnailStatus: thumbnail.status, thumbnailKey: thumbnail.key }).where(eq(ticketAttachments.id, id));
}

/**
 * Uploads never attached to a ticket a day after they were made (the browser was closed before sending): their rows,
 * then their bytes and thumbnails in the storage adapter. Returns how many files went.
 */
export async function sweepAbandonedUploads(db: Executor, storage: AttachmentStorage): Promise<number> {
  const gone = await db
    .delete(ticketAttachments)
    .where(and(isNull(ticketAttachments.ticketId), sql`${ticketAttachments.createdAt} < now() - interval '1 day'`))
    .returning({ key: ticketAttachments.storageKey, thumbnail: ticketAttachments.thumbnailKey });
  for (const key of gone.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]))) await storage.delete(key);
  return gone.length;
}

/** How old stored bytes without a row must be before they are swept: no upload or thumbnail job takes a day. */
export const ORPHAN_AGE_MS = 86_400_000;

/**
 * Bytes no attachment row names (as file or thumbnail), written more than a day ago: what an upload left when its
 * process died or its connection dropped between the store and the row (a refused upload removes its own). Returns
 * how many keys went.
 */
export async function sweepOrphanedBytes(db: Executor, storage: AttachmentStorage, now = new Date()): Promise<number> {
  let swept = 0;
  for await (const keys of storage.keysWrittenBefore(new Date(now.getTime() - ORPHAN_AGE_MS))) {
    const named = await db
      .select({ key: ticketAttachments.storageKey, thumbnail: ticketAttachments.thumbnailKey })
      .from(ticketAttachments)
      .where(or(inArray(ticketAttachments.storageKey, keys), inArray(ticketAttachments.thumbnailKey, keys)));
    const kept = new Set(named.flatMap((row) => [row.key, row.thumbnail]));
    for (const key of keys.filter((key) => !kept.has(key))) {
      await storage.delete(key);
      swept += 1;
    }
  }
  return swept;
}
