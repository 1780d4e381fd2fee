import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEvent {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  /** Who acted: the contact's e-mail, a provider staff member, or 'system'. */
  actor: string;
  accountId?: number | null;
  contactId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
  /** The domain event the entry is made from (consumers/audit.consumer.ts): a second entry of the same event is not written. */
  eventId?: string;
}

export async function recordAudit(db: Executor, event: AuditEvent): Promise<void> {
  await db
    .insert(auditLog)
    .values({
      action: event.action,
      outcome: event.outcome,
      actor: event.actor,
      accountId: event.accountId ?? null,
      contactId: event.contactId ?? null,
      ip: event.ip ?? null,
      userAgent: event.userAgent?.slice(0, 500) ?? null,
      details: event.details ?? {},
      eventId: event.eventId ?? null,
    })
    .onConflictDoNothing({ target: auditLog.eventId });
}
