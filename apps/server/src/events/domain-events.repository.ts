import { executeSqlOn } from '../db/execute-sql.js';
import type { Executor } from '../db/client.js';
import type { DomainEvent } from './domain-event.js';

/**
 * One row per event, on every command's path: written as one prepared statement (planned once per connection where
 * the connection keeps them, decision 0038) rather than built by drizzle each time. The columns are db/schema's
 * `domainEvents`; a secret the event carries is never one of them.
 */
const INSERT_EVENT = `INSERT INTO domain_events (id, type, account_id, actor, meta, data, occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`;

export async function insertDomainEvent(tx: Executor, event: DomainEvent, statementName: string | undefined): Promise<void> {
  await executeSqlOn(tx, statementName)(INSERT_EVENT, [
    event.id,
    event.type,
    event.accountId,
    JSON.stringify(event.actor),
    JSON.stringify({ ip: event.meta.ip, user_agent: event.meta.userAgent }),
    JSON.stringify(event.data),
    event.occurredAt,
  ]);
}
