import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';

/** What other modules read of an account, asked here (decision 0041): the accounts table is this module's. */

/** The account's name in the monitoring system (null: not configured there). */
export async function monitoringCustomerNameOf(db: Executor, accountId: number): Promise<string | null> {
  const [row] = await db.select({ name: accounts.monitoringCustomerName }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? null;
}
