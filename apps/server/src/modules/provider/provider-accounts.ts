import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ProviderAccount, ProviderAccountInput, ProviderBulkItem, ProviderBulkResult, ProviderListQuery } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { accounts, billingAccounts } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkOutcome, bulkResult, refuseDuplicateExternalIds, upsertEach } from './provider-bulk.js';
import { accountNotFound, conflictOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';
import { inTransaction } from '../../db/transaction.js';

type AccountRow = typeof accounts.$inferSelect;

const CONFLICTS = {
  accounts_name_key: { field: 'name', message: 'Another account already has this name' },
  accounts_billing_api_id_key: { field: 'billing_id', message: 'Another account already has this billing id' },
  billing_accounts_pkey: { field: 'billing_id', message: 'Another account already has this billing id' },
};

export function accountWire(row: AccountRow): ProviderAccount {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    billing_id: row.billingApiId,
    status: row.status,
    suspended_reason: row.suspendedReason,
    monitoring_customer_name: row.monitoringCustomerName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

interface AccountUpserted {
  created: boolean;
  row: AccountRow;
  /** The status before this call, when the account existed. */
  previousStatus: string | undefined;
}

/** One account, created or updated in the caller's transaction: the single PUT and each item of a bulk call. */
async function upsertAccount(tx: Executor, externalId: string, input: ProviderAccountInput): Promise<AccountUpserted> {
  // Absent fields keep what the account has; null clears a field.
  const given = {
    name: input.name,
    status: input.status,
    ...(input.billing_id !== undefined && { billingApiId: input.billing_id }),
    ...(input.suspended_reason !== undefined && { suspendedReason: input.suspended_reason }),
    ...(input.monitoring_customer_name !== undefined && { monitoringCustomerName: input.monitoring_customer_name }),
  };
  try {
    const [before] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.externalId, externalId)).for('update');
    // Inserted or updated as PostgreSQL saw it (a fresh row has no xmax): two calls racing to create the
    // same account both find no row above, but only the first inserts it.
    const [written] = await tx
      .insert(accounts)
      .values({ externalId, ...given })
      .onConflictDoUpdate({ target: accounts.externalId, set: { ...given, updatedAt: sql`now()` } })
      .returning({ ...getTableColumns(accounts), created: sql<boolean>`(xmax = 0)` });
    const { created, ...row } = written!;
    await syncBillingAccount(tx, row, input.billing);
    return { created, row, previousStatus: before?.status };
  } catch (error) {
    throw conflictOf(error, CONFLICTS);
  }
}

const statusChanged = (result: AccountUpserted) => result.previousStatus !== undefined && result.previousStatus !== result.row.status;

/** Accounts by the provider's external id (unique across the portal): created or updated, suspended or active again. */
export function createProviderAccounts(db: Database) {
  return {
    async upsert(provider: ProviderCaller, externalId: string, input: ProviderAccountInput, meta: ClientMeta): Promise<{ created: boolean; item: ProviderAccount }> {
      return inTransaction(db, async (tx) => {
        const result = await upsertAccount(tx, externalId, input);
        await recordProviderChange(tx, provider, meta, result.created ? 'provider.account_created' : 'provider.account_updated', result.row.id, {
          external_id: externalId,
          status: result.row.status,
          ...(statusChanged(result) && { status_changed_from: result.previousStatus }),
        });
        return { created: result.created, item: accountWire(result.row) };
      });
    },

    /** Up to 1,000 accounts in one transaction: all or none; one audit entry for the call. */
    async bulk(provider: ProviderCaller, items: ProviderBulkItem<ProviderAccountInput>[], meta: ClientMeta): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      return inTransaction(db, async (tx) => {
        const results = await upsertEach(items, (item) => upsertAccount(tx, item.external_id, item));
        const answer = bulkResult(results.map(bulkOutcome));
        const changes = results.filter(statusChanged).map((result) => ({ external_id: result.row.externalId, from: result.previousStatus, to: result.row.status }));
        await recordProviderChange(tx, provider, meta, 'provider.accounts_bulk', null, {
          created: answer.created,
          updated: answer.updated,
          ...(changes.length > 0 && { status_changed: changes }),
        });
        return answer;
      });
    },

    async get(externalId: string): Promise<ProviderAccount> {
      const [row] = await db.select().from(accounts).where(eq(accounts.externalId, externalId));
      if (!row) throw accountNotFound(externalId);
      return accountWire(row);
    },

    async list(query: ProviderListQuery) {
      const rows = await db
        .select({ row: accounts, cursorMicros: cursorMicros(accounts.updatedAt) })
        .from(accounts)
        .where(pageConditions(query, accounts.updatedAt, accounts.id))
        .orderBy(asc(accounts.updatedAt), asc(accounts.id))
        .limit(query.limit + 1);
      return toPage(rows, query.limit, (r) => r.row.id, (r) => accountWire(r.row));
    },
  };
}

/** The account's row in the billing system (the customer's billing screens read it by billing id), kept in step with the account. */
async function syncBillingAccount(tx: Executor, account: AccountRow, billing: ProviderAccountInput['billing']): Promise<void> {
  if (!account.billingApiId) return;
  const values = {
    ...(billing?.billing_cycle_month_date !== undefined && { billingCycleMonthDate: billing.billing_cycle_month_date }),
    ...(billing?.days_past_due !== undefined && { daysPastDue: billing.days_past_due }),
    ...(billing?.past_due_balance !== undefined && { pastDueBalance: billing.past_due_balance }),
    ...(billing?.credits !== undefined && { credits: billing.credits }),
  };
  const [existing] = await tx.select({ id: billingAccounts.id }).from(billingAccounts).where(eq(billingAccounts.accountId, account.id));
  if (existing) {
    await tx.update(billingAccounts).set({ id: account.billingApiId, ...values }).where(eq(billingAccounts.accountId, account.id));
  } else {
    await tx.insert(billingAccounts).values({ id: account.billingApiId, accountId: account.id, ...values });
  }
}
