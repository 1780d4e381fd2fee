import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ProviderAccountInput } from '@portal/contract';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import {
  externalIdOrder,
  givenFlags,
  givenOrKept,
  recordset,
  refusedItem,
  uniqueValues,
  uniqueViolationAsItemConflict,
  type FieldOf,
} from '../../db/set-writes.js';
import { BILLING_ROW_CONFLICTS, billingIdClaims, syncBillingRows } from '../billing/index.js';

/*
 * The accounts the provider's systems push (account-sync.ts): its SQL, by external id, set-based (decision 0030).
 * An account's billing row is keyed by the account's billing id, so a billing id that moves between accounts must
 * move in both under the same checks, in the same transaction: the billing module, which owns the rows (decision
 * 0042), checks their keys beside the accounts' own checks and keeps them in step after each write of accounts.
 */

export type AccountRow = typeof accounts.$inferSelect;

const CONFLICTS = {
  accounts_name_key: { field: 'name', message: 'Another account already has this name' },
  accounts_billing_api_id_key: { field: 'billing_id', message: 'Another account already has this billing id' },
  ...BILLING_ROW_CONFLICTS,
};

export type AccountItem = ProviderAccountInput & { external_id: string };

export interface AccountUpserted {
  created: boolean;
  /** Whether this call changed the account or its billing row: an identical push changes nothing, not even `updated_at`. */
  changed: boolean;
  row: AccountRow;
  /** The status before this call, when the account existed. */
  previousStatus: string | undefined;
}

/** One item as the SQL reads it: the fields, and which optional ones it gave (absent keeps, null clears). */
function accountRecord(item: AccountItem, ord: number) {
  const optional = { billing_api_id: item.billing_id, suspended_reason: item.suspended_reason, monitoring_customer_name: item.monitoring_customer_name };
  return { ord, external_id: item.external_id, name: item.name, status: item.status, ...optional, ...givenFlags(optional) };
}

const ACCOUNT_RECORD = {
  ord: 'integer',
  external_id: 'text',
  name: 'text',
  status: 'text',
  billing_api_id: 'text',
  suspended_reason: 'text',
  monitoring_customer_name: 'text',
  has_billing_api_id: 'boolean',
  has_suspended_reason: 'boolean',
  has_monitoring_customer_name: 'boolean',
};

/**
 * Accounts created or updated in the caller's transaction, in a few statements whatever their
 * number: the single PUT (one item) and a bulk call run this same code. An item follows a PUT's
 * rules: absent fields keep their value, null clears one, the billing row follows the billing id,
 * and an item that changes nothing writes nothing. Results are in the order of the items.
 */
export async function upsertAccounts(tx: Executor, items: AccountItem[], fieldOf: FieldOf): Promise<AccountUpserted[]> {
  const order = externalIdOrder(items);
  const externalIds = items.map((item) => item.external_id);
  // The existing rows, locked in external id order, so two overlapping calls wait for each other.
  const locked = await tx.select().from(accounts).where(inArray(accounts.externalId, externalIds)).orderBy(asc(accounts.externalId)).for('update');
  const existing = new Map(locked.map((row) => [row.externalId!, row]));
  const billingIdOf = (item: AccountItem) => (item.billing_id !== undefined ? item.billing_id : (existing.get(item.external_id)?.billingApiId ?? null));
  const oneByOne = await refuseTakenValues(tx, items, order, existing, billingIdOf, fieldOf);

  const ordered = order.map((index) => items[index]!);
  const inserted = new Set<string>();
  const updated = new Map<string, string>();
  const billingChanged = new Set<string>();
  try {
    for (const batch of oneByOne ? ordered.map((item) => [item]) : [ordered]) {
      const written = await writeAccounts(tx, batch, existing);
      written.inserted.forEach((externalId) => inserted.add(externalId));
      written.updated.forEach((previousStatus, externalId) => updated.set(externalId, previousStatus));
      written.billingChanged.forEach((externalId) => billingChanged.add(externalId));
    }
  } catch (error) {
    const wanted = (constraint: string) =>
      order.map((index) => ({ index, value: constraint === 'accounts_name_key' ? items[index]!.name : billingIdOf(items[index]!) }));
    throw uniqueViolationAsItemConflict(error, CONFLICTS, wanted, fieldOf);
  }
  // An account whose only change is its billing figures has changed too: it moves in `updated_since`.
  const billingOnly = [...billingChanged].filter((externalId) => !inserted.has(externalId) && !updated.has(externalId));
  if (billingOnly.length > 0)
    await tx
      .update(accounts)
      .set({ updatedAt: sql`now()` })
      .where(inArray(accounts.externalId, billingOnly));

  const rows = new Map((await tx.select().from(accounts).where(inArray(accounts.externalId, externalIds))).map((row) => [row.externalId!, row]));
  return items.map(({ external_id: externalId }) => {
    const created = inserted.has(externalId);
    return {
      created,
      changed: created || updated.has(externalId) || billingChanged.has(externalId),
      row: rows.get(externalId)!,
      // An account another call created meanwhile was not locked above; its update saw its status.
      previousStatus: existing.get(externalId)?.status ?? updated.get(externalId),
    };
  });
}

/**
 * Refuses (409, under the item) the first item, in writing order, whose name or billing id another
 * account has at its turn, as the unique indexes did when the items were written one by one.
 * Answers whether the batch passes a value from one of its accounts to another: it is then written
 * one account at a time, in order, so no statement trips on a value not yet given up.
 */
async function refuseTakenValues(
  tx: Executor,
  items: AccountItem[],
  order: number[],
  existing: Map<string, AccountRow>,
  billingIdOf: (item: AccountItem) => string | null,
  fieldOf: FieldOf,
): Promise<boolean> {
  const billingIds = items.map(billingIdOf).filter((id): id is string => id !== null);
  const holders = await tx
    .select({ id: accounts.id, name: accounts.name, billingApiId: accounts.billingApiId })
    .from(accounts)
    .where(
      or(
        inArray(
          accounts.name,
          items.map((item) => item.name),
        ),
        billingIds.length > 0 ? inArray(accounts.billingApiId, billingIds) : undefined,
      ),
    );
  const billingRowIds = await billingIdClaims(
    tx,
    billingIds,
    [...existing.values()].map((row) => row.id),
  );
  const names = uniqueValues(holders.map((row) => [row.name, `a${row.id}`] as const));
  const accountBillingIds = uniqueValues(holders.filter((row) => row.billingApiId !== null).map((row) => [row.billingApiId!, `a${row.id}`] as const));

  for (const index of order) {
    const item = items[index]!;
    const before = existing.get(item.external_id);
    const self = before ? `a${before.id}` : `new:${item.external_id}`;
    if (!names.take(self, before?.name ?? null, item.name)) throw refusedItem(fieldOf, index, 'name', CONFLICTS.accounts_name_key.message);
    const billingId = billingIdOf(item);
    if (!accountBillingIds.take(self, before?.billingApiId ?? null, billingId))
      throw refusedItem(fieldOf, index, 'billing_id', CONFLICTS.accounts_billing_api_id_key.message);
    // The billing row takes the billing id as its key, while the account has one.
    if (!billingRowIds.take(before?.id, item.external_id, billingId)) throw refusedItem(fieldOf, index, 'billing_id', CONFLICTS.billing_accounts_pkey.message);
  }
  return names.chained || accountBillingIds.chained || billingRowIds.chained;
}

/**
 * The statements of a batch (or of one item, when written one by one): the new accounts
 * inserted, the others updated where something differs, then the billing module keeps their
 * billing rows in step with the accounts as now written.
 */
async function writeAccounts(tx: Executor, batch: AccountItem[], existing: Map<string, AccountRow>) {
  const records = batch.map(accountRecord);
  const fresh = records.filter((record) => !existing.has(record.external_id));
  // DO NOTHING: an account another call created meanwhile is updated below instead.
  const inserted =
    fresh.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string }>(sql`
            INSERT INTO accounts (external_id, name, status, billing_api_id, suspended_reason, monitoring_customer_name)
            SELECT s.external_id, s.name, s.status, s.billing_api_id, s.suspended_reason, s.monitoring_customer_name
            FROM ${recordset('s', ACCOUNT_RECORD, fresh)}
            ORDER BY s.ord
            ON CONFLICT (external_id) DO NOTHING
            RETURNING external_id`)
        ).rows.map((row) => row.external_id);
  const insertedSet = new Set(inserted);
  const others = records.filter((record) => !insertedSet.has(record.external_id));
  const updated =
    others.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string; previous_status: string }>(sql`
            UPDATE accounts AS a
            SET name = n.name, status = n.status, billing_api_id = n.billing_api_id, suspended_reason = n.suspended_reason,
                monitoring_customer_name = n.monitoring_customer_name, updated_at = now()
            FROM (
              SELECT cur.id, cur.status AS previous_status, s.name, s.status,
                     ${givenOrKept('billing_api_id')}, ${givenOrKept('suspended_reason')}, ${givenOrKept('monitoring_customer_name')}
              FROM ${recordset('s', ACCOUNT_RECORD, others)}
              JOIN accounts cur ON cur.external_id = s.external_id
            ) AS n
            WHERE a.id = n.id
              AND (a.name, a.status, a.billing_api_id, a.suspended_reason, a.monitoring_customer_name)
                  IS DISTINCT FROM (n.name, n.status, n.billing_api_id, n.suspended_reason, n.monitoring_customer_name)
            RETURNING a.external_id, n.previous_status`)
        ).rows;
  return { inserted, updated: new Map(updated.map((row) => [row.external_id, row.previous_status])), billingChanged: await syncBillingRows(tx, batch) };
}

/** The account by the provider's external id. */
export async function findAccountByExternalId(db: Executor, externalId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.externalId, externalId));
  return row;
}

/** A page of the accounts by last change (the provider's change feed); `limit` rows and one more. */
export async function accountsChangedAfter(db: Executor, position: FeedPosition, limit: number) {
  return db
    .select({ row: accounts, cursorMicros: positionMicros(accounts.updatedAt) })
    .from(accounts)
    .where(afterPosition(position, accounts.updatedAt, accounts.id))
    .orderBy(asc(accounts.updatedAt), asc(accounts.id))
    .limit(limit + 1);
}
