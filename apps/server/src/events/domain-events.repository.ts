import { lt, sql } from 'drizzle-orm';
import { executeSqlOn } from '../db/execute-sql.js';
import { domainEvents } from '../db/schema/index.js';
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

/** Domain events are kept this long (decision 0041): their consumers act in the event's transaction, and the audit log is the lasting record. */
export const DOMAIN_EVENTS_KEPT_DAYS = 30;

/** Deletes the events older than DOMAIN_EVENTS_KEPT_DAYS (the maintenance sweep). */
export async function sweepOldDomainEvents(db: Executor): Promise<number> {
  const deleted = await db
    .delete(domainEvents)
    .where(lt(domainEvents.occurredAt, sql`now() - ${DOMAIN_EVENTS_KEPT_DAYS} * interval '1 day'`))
    .returning({ id: domainEvents.id });
  return deleted.length;
}
