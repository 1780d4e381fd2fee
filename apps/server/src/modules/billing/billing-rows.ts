import type { Executor } from '../../db/client.js';
import { uniqueValues } from '../../db/set-writes.js';
import { billingRowKeys } from './billing-rows.repository.js';

/*
 * What the accounts module's set-based upsert (decision 0030) asks of the billing rows it keeps in step with the
 * accounts (decision 0042): whether a billing id is free as a row's key, and the 409 a concurrent call's key causes.
 */

/** A billing id another account's billing row holds, by the rows' primary key: the item's `billing_id` is refused. */
export const BILLING_ROW_CONFLICTS = {
  billing_accounts_pkey: { field: 'billing_id', message: 'Another account already has this billing id' },
} as const;

/**
 * The billing rows' keys as a batch of accounts would change them, one account after another in writing order (see
 * uniqueValues): the rows keyed by the batch's billing ids or belonging to its existing accounts are read once, and
 * `take` says whether an account's row may take a billing id at its turn. `chained` tells that a row takes a key
 * another row of the batch gave up earlier, so the batch must be written one account at a time.
 */
export async function billingIdClaims(tx: Executor, billingIds: string[], accountIds: number[]) {
  const rows = await billingRowKeys(tx, billingIds, accountIds);
  const keys = uniqueValues(rows.map((row) => [row.id, `a${row.accountId}`] as const));
  const keyOf = new Map(rows.map((row) => [row.accountId, row.id]));
  return {
    /**
     * Whether the account (its id, or for a new one its external id) may key its billing row by `billingId`. An account
     * without a billing id leaves its row as it is, key included, so it takes nothing and gives nothing up.
     */
    take(accountId: number | undefined, externalId: string, billingId: string | null): boolean {
      if (billingId === null) return true;
      const self = accountId === undefined ? `new:${externalId}` : `a${accountId}`;
      return keys.take(self, accountId === undefined ? null : (keyOf.get(accountId) ?? null), billingId);
    },
    get chained() {
      return keys.chained;
    },
  };
}
