import { inArray, or, sql } from 'drizzle-orm';
import type { ProviderAccountInput } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { billingAccounts } from '../../db/schema/index.js';
import { givenFlags, givenOrKept, recordset } from '../../db/set-writes.js';

/*
 * The accounts' rows in the billing system (the customer's billing screens read them by billing id), kept in step
 * with the accounts the provider pushes (decision 0042: the accounts module writes its accounts, then asks for
 * this in the same transaction). A row is keyed by its account's billing id, so the account's billing id and
 * external id are read from the accounts module's published view, as the account stands after its own write.
 */

/** The billing figures an account push may carry: absent keeps a figure, as for the account's own fields. */
export interface BillingRowPush {
  external_id: string;
  billing?: ProviderAccountInput['billing'];
}

const BILLING_RECORD = {
  ord: 'integer',
  external_id: 'text',
  billing_cycle_month_date: 'integer',
  days_past_due: 'integer',
  past_due_balance: 'numeric',
  credits: 'numeric',
  has_billing_cycle_month_date: 'boolean',
  has_days_past_due: 'boolean',
  has_past_due_balance: 'boolean',
  has_credits: 'boolean',
};

function billingRecord(push: BillingRowPush, ord: number) {
  const figures = {
    billing_cycle_month_date: push.billing?.billing_cycle_month_date,
    days_past_due: push.billing?.days_past_due,
    past_due_balance: push.billing?.past_due_balance,
    credits: push.billing?.credits,
  };
  return { ord, external_id: push.external_id, ...figures, ...givenFlags(figures) };
}

/**
 * The billing rows keyed by one of these billing ids or belonging to one of these accounts: which account holds
 * which key before a batch of accounts changes them.
 */
export async function billingRowKeys(tx: Executor, billingIds: string[], accountIds: number[]): Promise<{ id: string; accountId: number }[]> {
  if (billingIds.length + accountIds.length === 0) return [];
  return tx
    .select({ id: billingAccounts.id, accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(
      or(
        billingIds.length > 0 ? inArray(billingAccounts.id, billingIds) : undefined,
        accountIds.length > 0 ? inArray(billingAccounts.accountId, accountIds) : undefined,
      ),
    );
}

/**
 * The billing rows of the pushed accounts (in writing order) that have a billing id, in step with them: a missing
 * row is added, then each row takes the account's billing id and the figures given where they differ. A row whose
 * account has no billing id is left as it is. Answers the external ids of the accounts whose billing row changed.
 */
export async function syncBillingRows(tx: Executor, pushes: BillingRowPush[]): Promise<string[]> {
  const records = recordset('s', BILLING_RECORD, pushes.map(billingRecord));
  const added = await tx.execute<{ external_id: string }>(sql`
    WITH added AS (
      INSERT INTO billing_accounts (id, account_id)
      SELECT a.billing_api_id, a.id
      FROM ${records}
      JOIN account_directory a ON a.external_id = s.external_id
      WHERE a.billing_api_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM billing_accounts b WHERE b.account_id = a.id)
      ORDER BY s.ord
      RETURNING account_id
    )
    SELECT a.external_id FROM added JOIN account_directory a ON a.id = added.account_id`);
  const changed = await tx.execute<{ external_id: string }>(sql`
    UPDATE billing_accounts AS b
    SET id = n.billing_api_id, billing_cycle_month_date = n.billing_cycle_month_date, days_past_due = n.days_past_due,
        past_due_balance = n.past_due_balance, credits = n.credits
    FROM (
      SELECT cur.account_id, a.external_id, a.billing_api_id,
             ${givenOrKept('billing_cycle_month_date')}, ${givenOrKept('days_past_due')}, ${givenOrKept('past_due_balance')}, ${givenOrKept('credits')}
      FROM ${records}
      JOIN account_directory a ON a.external_id = s.external_id
      JOIN billing_accounts cur ON cur.account_id = a.id
      WHERE a.billing_api_id IS NOT NULL
    ) AS n
    WHERE b.account_id = n.account_id
      AND (b.id, b.billing_cycle_month_date, b.days_past_due, b.past_due_balance, b.credits)
          IS DISTINCT FROM (n.billing_api_id, n.billing_cycle_month_date, n.days_past_due, n.past_due_balance, n.credits)
    RETURNING n.external_id`);
  return [...added.rows, ...changed.rows].map((row) => row.external_id);
}
