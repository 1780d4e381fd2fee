import { and, between, ne, sql } from 'drizzle-orm';
import type { ReminderData } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { assets, credentials } from '../../db/schema/index.js';

/** How far ahead an expiry is announced (issue 35). */
export const WARRANTY_NOTICE_DAYS = 30;
export const CREDENTIAL_NOTICE_DAYS = 14;

const daysAfter = (today: string, days: number) => sql<string>`(${today}::date + ${days}::int)`;

/**
 * The inventory's reminders due at `today` (UTC, `YYYY-MM-DD`): warranties ending within 30 days (not of a retired
 * asset) and stored credentials expiring within 14. Keyed by the item and its date: a renewed warranty or a credential
 * given a new date is reminded again.
 */
export async function dueInventoryReminders(db: Executor, today: string): Promise<Array<{ accountId: number } & ReminderData>> {
  const [warranties, expiring] = await Promise.all([
    db
      .select({ id: assets.id, accountId: assets.accountId, name: assets.name, date: assets.warrantyExpires })
      .from(assets)
      .where(and(between(assets.warrantyExpires, sql`${today}::date`, daysAfter(today, WARRANTY_NOTICE_DAYS)), ne(assets.status, 'retired'))),
    db
      .select({ id: credentials.id, accountId: credentials.accountId, name: credentials.serviceName, date: credentials.expires })
      .from(credentials)
      .where(between(credentials.expires, sql`${today}::date`, daysAfter(today, CREDENTIAL_NOTICE_DAYS))),
  ]);
  return [
    ...warranties.map((row) => ({
      accountId: row.accountId,
      kind: 'warranty_expiring' as const,
      key: `warranty:${row.id}:${row.date}`,
      name: row.name,
      due_on: row.date!,
      amount: null,
    })),
    ...expiring.map((row) => ({
      accountId: row.accountId,
      kind: 'credential_expiring' as const,
      key: `credential:${row.id}:${row.date}`,
      name: row.name,
      due_on: row.date!,
      amount: null,
    })),
  ];
}
