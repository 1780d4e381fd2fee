import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attachmentChunks, ticketAttachments, ticketEntries, tickets } from '../../db/schema/index.js';
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
 * Uploads never attached to a ticket a day after they were made (the browser was closed before sending): their rows
 * and, with the PostgreSQL storage adapter, their bytes and thumbnails. Returns how many files went.
 */
export async function sweepAbandonedUploads(db: Executor): Promise<number> {
  const gone = await db
    .delete(ticketAttachments)
    .where(and(isNull(ticketAttachments.ticketId), sql`${ticketAttachments.createdAt} < now() - interval '1 day'`))
    .returning({ key: ticketAttachments.storageKey, thumbnail: ticketAttachments.thumbnailKey });
  const keys = gone.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));
  if (keys.length > 0) await db.delete(attachmentChunks).where(inArray(attachmentChunks.storageKey, keys));
  return gone.length;
}
