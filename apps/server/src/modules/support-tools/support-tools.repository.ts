import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactDirectory, supportTools, toolDownloadLinks, toolDownloads } from '../../db/schema/index.js';

export type SupportToolRow = typeof supportTools.$inferSelect;
export type ToolLinkRow = typeof toolDownloadLinks.$inferSelect;

/** The provider's catalogue: the same for every account. */
export async function listTools(db: Executor): Promise<SupportToolRow[]> {
  return db.select().from(supportTools).orderBy(asc(supportTools.id));
}

export async function findTool(db: Executor, toolId: number): Promise<SupportToolRow | undefined> {
  const [row] = await db.select().from(supportTools).where(eq(supportTools.id, toolId));
  return row;
}

export async function insertLink(db: Executor, values: typeof toolDownloadLinks.$inferInsert): Promise<ToolLinkRow> {
  const [row] = await db.insert(toolDownloadLinks).values(values).returning();
  return row!;
}

/** A link of the account by the hash of its token; another account's link finds nothing. */
export async function findLink(db: Executor, accountId: number, tokenHash: string): Promise<ToolLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(toolDownloadLinks)
    .where(and(eq(toolDownloadLinks.tokenHash, tokenHash), eq(toolDownloadLinks.accountId, accountId)));
  return row;
}

/**
 * Uses a one-time link up: of two requests at the same moment, exactly one gets the row back (the
 * update takes the row's lock and re-checks `used_at`); the other gets nothing.
 */
export async function claimLink(db: Executor, linkId: number, now: Date): Promise<ToolLinkRow | undefined> {
  const [row] = await db
    .update(toolDownloadLinks)
    .set({ usedAt: now })
    .where(and(eq(toolDownloadLinks.id, linkId), isNull(toolDownloadLinks.usedAt), gt(toolDownloadLinks.expiresAt, now)))
    .returning();
  return row;
}

/** Marks a reusable link as used (the first use is kept), for the record. */
export async function markLinkUsed(db: Executor, linkId: number, now: Date): Promise<void> {
  await db
    .update(toolDownloadLinks)
    .set({ usedAt: sql`coalesce(${toolDownloadLinks.usedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(toolDownloadLinks.id, linkId));
}

export async function insertDownload(db: Executor, values: typeof toolDownloads.$inferInsert): Promise<number> {
  const [row] = await db.insert(toolDownloads).values(values).returning({ id: toolDownloads.id });
  return row!.id;
}

export interface DownloadRow {
  id: number;
  toolId: number;
  toolName: string;
  downloadToken: string;
  createdAt: Date;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}

/** The account's downloads, newest first, with who downloaded (null when that user was removed since). */
export async function listDownloads(db: Executor, accountId: number, downloadId?: number): Promise<DownloadRow[]> {
  return db
    .select({
      id: toolDownloads.id,
      toolId: toolDownloads.toolId,
      toolName: supportTools.name,
      downloadToken: toolDownloads.downloadToken,
      createdAt: toolDownloads.createdAt,
      firstname: contactDirectory.firstname,
      lastname: contactDirectory.lastname,
      email: contactDirectory.email,
    })
    .from(toolDownloads)
    .innerJoin(supportTools, eq(supportTools.id, toolDownloads.toolId))
    .leftJoin(contactDirectory, and(eq(contactDirectory.id, toolDownloads.contactId), eq(contactDirectory.accountId, toolDownloads.accountId)))
    .where(downloadId === undefined ? eq(toolDownloads.accountId, accountId) : and(eq(toolDownloads.accountId, accountId), eq(toolDownloads.id, downloadId)))
    .orderBy(desc(toolDownloads.createdAt), desc(toolDownloads.id));
}
