import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function findApiKeyByPrefix(db: Executor, prefix: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, prefix));
  return row;
}

export function listApiKeys(db: Executor): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes by id or by prefix; answers the row, or undefined when none matches. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Executor, idOrPrefix: { id: number } | { prefix: string }): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where('id' in idOrPrefix ? eq(apiKeys.id, idOrPrefix.id) : eq(apiKeys.prefix, idOrPrefix.prefix))
    .returning();
  return row;
}

/** Writes last_used_at only when it is older than a minute, so a busy key costs one write a minute, not one a request. */
export async function touchApiKey(db: Executor, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}
