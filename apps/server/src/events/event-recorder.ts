import { domainEventData, type DomainEventType } from '@portal/contract';
import type { Executor } from '../db/client.js';
import { insertDomainEvent } from './domain-events.repository.js';
import { newEventId, type AnyDomainEvent, type DomainEvent, type NewDomainEvent } from './domain-event.js';

/**
 * A consumer makes something of events (decision 0041): the audit log's entries, the webhooks' outbox, the mails. It
 * runs in the transaction of the change, so what it writes exists exactly when the change does; work outside the
 * database (sending) it leaves to jobs it enqueues in that transaction. It is idempotent by event id.
 */
export interface EventConsumer {
  name: string;
  consume(tx: Executor, event: AnyDomainEvent): Promise<void>;
}

export interface EventRecorder {
  /** Records the event in the caller's transaction and hands it to every consumer there. */
  record<T extends DomainEventType>(tx: Executor, event: NewDomainEvent<T>): Promise<DomainEvent<T>>;
}

/** `namedStatements`: whether the database's connections keep prepared statements (not behind PgBouncer before 1.21, decision 0038). */
export function createEventRecorder(consumers: readonly EventConsumer[], { namedStatements = true }: { namedStatements?: boolean } = {}): EventRecorder {
  const statementName = namedStatements ? 'portal_record_event' : undefined;
  return {
    async record(tx, input) {
      // The catalogue's schema keeps only the fields it names, so nothing a command did not mean to record is kept.
      const data = domainEventData[input.type].parse(input.data) as typeof input.data;
      const event = { ...input, data, id: newEventId(), meta: input.meta ?? { ip: null, userAgent: null }, occurredAt: new Date() };
      await insertDomainEvent(tx, event, statementName);
      for (const consumer of consumers) await consumer.consume(tx, event as unknown as AnyDomainEvent);
      return event;
    },
  };
}
