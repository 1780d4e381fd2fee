import { and, asc, count, desc, eq, getTableColumns, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { containing } from '../../db/like-pattern.js';
import { assets, credentials, searchableAssetText, vendors } from '../../db/schema/index.js';
import { differsFromOffered } from '../../db/upsert.js';

export type AssetRow = typeof assets.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;

/** The account's assets, matching every word of the search somewhere in their text (trigram-indexed). */
function assetsMatching(accountId: number, search: string | undefined): SQL {
  const inAccount = eq(assets.accountId, accountId);
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return inAccount;
  return and(inAccount, ...words.map((word) => sql`${searchableAssetText(assets)} LIKE ${containing(word)}`))!;
}

/**
 * A page of the account's assets, newest first. The page is chosen by ids alone, an index-only scan
 * of (account, created, id) that skips the earlier pages without reading their rows; only the page's
 * own rows are then read whole. Reading whole rows to skip them made a page deep in a 20,000-asset
 * inventory cost PostgreSQL about 5 ms (decision 0028, fifth session).
 */
export async function listAssets(db: Executor, accountId: number, page: { search?: string; limit?: number; offset: number }): Promise<AssetRow[]> {
  const newestFirst = (columns: Record<'createdAt' | 'id', Parameters<typeof desc>[0]>) => [desc(columns.createdAt), desc(columns.id)];
  const ids = db
    .select({ id: assets.id, createdAt: assets.createdAt })
    .from(assets)
    .where(assetsMatching(accountId, page.search))
    .orderBy(...newestFirst(assets))
    .offset(page.offset);
  const pageIds = (page.limit === undefined ? ids : ids.limit(page.limit)).as('page');
  return db
    .select(getTableColumns(assets))
    .from(pageIds)
    .innerJoin(assets, eq(assets.id, pageIds.id))
    .orderBy(...newestFirst(pageIds));
}

export async function findAsset(db: Executor, accountId: number, assetId: number): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.accountId, accountId), eq(assets.id, assetId)));
  return row;
}

export async function inventoryCounts(db: Executor, accountId: number, search: string | undefined) {
  const [assetCounts, vendorCount, credentialCount, matching] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) FILTER (WHERE ${assets.status} = 'active')::int` })
      .from(assets)
      .where(eq(assets.accountId, accountId)),
    db.select({ n: count() }).from(vendors).where(eq(vendors.accountId, accountId)),
    db.select({ n: count() }).from(credentials).where(eq(credentials.accountId, accountId)),
    search ? db.select({ n: count() }).from(assets).where(assetsMatching(accountId, search)) : Promise.resolve(null),
  ]);
  const total = assetCounts[0]?.total ?? 0;
  return {
    total_assets: total,
    active_assets: assetCounts[0]?.active ?? 0,
    vendors: vendorCount[0]?.n ?? 0,
    credentials: credentialCount[0]?.n ?? 0,
    matching_assets: matching ? (matching[0]?.n ?? 0) : total,
  };
}

export async function listVendors(db: Executor, accountId: number): Promise<VendorRow[]> {
  return db
    .select()
    .from(vendors)
    .where(eq(vendors.accountId, accountId))
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id));
}

export async function listCredentials(db: Executor, accountId: number): Promise<CredentialRow[]> {
  return db
    .select()
    .from(credentials)
    .where(eq(credentials.accountId, accountId))
    .orderBy(asc(sql`lower(${credentials.serviceName})`), asc(credentials.id));
}

export async function findCredential(db: Executor, accountId: number, credentialId: number, lock = false): Promise<CredentialRow | undefined> {
  const query = db
    .select()
    .from(credentials)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.id, credentialId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertCredential(db: Executor, values: typeof credentials.$inferInsert): Promise<CredentialRow> {
  const [row] = await db.insert(credentials).values(values).returning();
  return row!;
}

export async function updateCredential(
  db: Executor,
  accountId: number,
  credentialId: number,
  values: Partial<typeof credentials.$inferInsert>,
): Promise<CredentialRow> {
  const [row] = await db
    .update(credentials)
    .set(values)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.id, credentialId)))
    .returning();
  return row!;
}

export async function deleteCredential(db: Executor, accountId: number, credentialId: number): Promise<CredentialRow | undefined> {
  const [row] = await db
    .delete(credentials)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.id, credentialId)))
    .returning();
  return row;
}

/** For the provider's command line: any account's credential, by id. */
export async function findAnyCredential(db: Executor, credentialId: number): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(credentials).where(eq(credentials.id, credentialId)).for('update');
  return row;
}

export async function setPasswordHidden(db: Executor, credentialId: number, hidden: boolean): Promise<CredentialRow> {
  const [row] = await db.update(credentials).set({ passwordHidden: hidden }).where(eq(credentials.id, credentialId)).returning();
  return row!;
}

/** Rows sealed under another key than `keyId`, or with notes still in plain text, a batch at a time. */
export async function rowsToReseal(db: Executor, keyId: string, limit: number): Promise<CredentialRow[]> {
  return db
    .select()
    .from(credentials)
    .where(sql`(${credentials.keyId} IS NOT NULL AND ${ne(credentials.keyId, keyId)}) OR ${isNotNull(credentials.legacyPlainNotes)}`)
    .orderBy(asc(credentials.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Writes a row's sealed values without touching updated_at: re-sealing is not an edit. */
export async function writeSealed(db: Executor, credentialId: number, values: Pick<CredentialRow, 'passwordSealed' | 'notesSealed' | 'keyId'>): Promise<void> {
  await db.execute(
    sql`UPDATE ${credentials} SET password_sealed = ${values.passwordSealed}, notes_sealed = ${values.notesSealed}, key_id = ${values.keyId}, notes = NULL WHERE id = ${credentialId}`,
  );
}

// The provider's systems (decision 0025): assets and vendors by external id, and their change feeds. -------------

type Pushed<Insert, Required extends keyof Insert> = Partial<Omit<Insert, 'id' | 'accountId' | 'externalId' | 'createdAt' | 'updatedAt'>> &
  Pick<Insert, Required>;
/** An asset's columns as pushed: absent ones keep their value. */
export type AssetFields = Pushed<typeof assets.$inferInsert, 'name' | 'type'>;
export type VendorFields = Pushed<typeof vendors.$inferInsert, 'name'>;

/**
 * Creates or changes the account's asset of this external id. An asset already as offered is left alone (no row
 * returned, `updated_at` stays put, decision 0030).
 */
export async function upsertAssetRow(db: Executor, accountId: number, externalId: string, fields: AssetFields) {
  const [row] = await db
    .insert(assets)
    .values({ accountId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [assets.accountId, assets.externalId],
      set: { ...fields, updatedAt: sql`now()` },
      setWhere: differsFromOffered(assets, Object.keys(fields)),
    })
    .returning({ ...getTableColumns(assets), created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function findAssetByExternalId(db: Executor, accountId: number, externalId: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.accountId, accountId), eq(assets.externalId, externalId)));
  return row;
}

/** Creates or changes the account's vendor of this external id; one already as offered is left alone (no row returned). */
export async function upsertVendorRow(db: Executor, accountId: number, externalId: string, fields: VendorFields) {
  const [row] = await db
    .insert(vendors)
    .values({ accountId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [vendors.accountId, vendors.externalId],
      set: { ...fields, updatedAt: sql`now()` },
      setWhere: differsFromOffered(vendors, Object.keys(fields)),
    })
    .returning({ ...getTableColumns(vendors), created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function findVendorByExternalId(db: Executor, accountId: number, externalId: string): Promise<VendorRow | undefined> {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.accountId, accountId), eq(vendors.externalId, externalId)));
  return row;
}

/** A page of the account's assets by last change (the provider's change feed); `limit` rows and one more. */
export async function assetsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: assets, cursorMicros: positionMicros(assets.updatedAt) })
    .from(assets)
    .where(and(eq(assets.accountId, accountId), afterPosition(position, assets.updatedAt, assets.id)))
    .orderBy(asc(assets.updatedAt), asc(assets.id))
    .limit(limit + 1);
}

/** A page of the account's vendors by last change; `limit` rows and one more. */
export async function vendorsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: vendors, cursorMicros: positionMicros(vendors.updatedAt) })
    .from(vendors)
    .where(and(eq(vendors.accountId, accountId), afterPosition(position, vendors.updatedAt, vendors.id)))
    .orderBy(asc(vendors.updatedAt), asc(vendors.id))
    .limit(limit + 1);
}

/**
 * Only what names a credential and says whether its password is hidden. The username, the sealed password and notes
 * and their key id are never selected, so no mistake of the provider's feed can send them.
 */
const publicCredentialColumns = {
  id: credentials.id,
  serviceName: credentials.serviceName,
  category: credentials.category,
  passwordHidden: credentials.passwordHidden,
  createdAt: credentials.createdAt,
  updatedAt: credentials.updatedAt,
};
export type PublicCredentialRow = Pick<CredentialRow, keyof typeof publicCredentialColumns>;

/** A page of the account's credentials by last change, their public columns only; `limit` rows and one more. */
export async function credentialsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: publicCredentialColumns, cursorMicros: positionMicros(credentials.updatedAt) })
    .from(credentials)
    .where(and(eq(credentials.accountId, accountId), afterPosition(position, credentials.updatedAt, credentials.id)))
    .orderBy(asc(credentials.updatedAt), asc(credentials.id))
    .limit(limit + 1);
}
