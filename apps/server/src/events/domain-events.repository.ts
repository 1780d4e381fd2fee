import type { Executor } from '../db/client.js';
import { domainEvents } from '../db/schema/index.js';
import type { DomainEvent } from './domain-event.js';

export async function insertDomainEvent(tx: Executor, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    id: event.id,
    type: event.type,
    accountId: event.accountId,
    actor: event.actor,
    meta: { ip: event.meta.ip, user_agent: event.meta.userAgent },
    data: event.data,
    occurredAt: event.occurredAt,
  });
}
