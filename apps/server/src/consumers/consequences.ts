import type { DomainEventType, WebhookEventData, WebhookEventType } from '@portal/contract';
import type { AppConfig } from '../config/index.js';
import type { DomainEvent, DomainEventActor } from '../events/domain-event.js';
import type { AuditEvent } from '../modules/audit/index.js';
import { SYSTEM_ACTOR } from '../modules/webhooks/index.js';
import type { Executor } from '../db/client.js';
import type { Mailer, MailMessage } from '../platform/mail.js';
import type { UnsubscribeSigner } from '../platform/unsubscribe-links.js';

/** What the consumers that mail need: the outbox's mailer, the configuration, and the signer of unsubscribe links. */
export interface MailingDeps {
  mailer: Mailer<Executor>;
  config: AppConfig;
  unsubscribeLinks: UnsubscribeSigner;
}

/** An audit entry as an event's consequence: the account, actor and origin come from the event. */
export interface AuditConsequence {
  action: string;
  outcome?: AuditEvent['outcome'];
  details?: Record<string, unknown>;
  /** The contact the entry is about when it is not the acting contact (an administrator's change to another user). */
  contactId?: number;
  /**
   * The trail's own name for who acted, where it is not the event's actor: the address a visitor typed, the staff
   * member behind a link, the app redeeming one. The details are then written as given (no `by` or `api_key_id`).
   */
  as?: { actor: string; contactId?: number | null };
}

/** A webhook as an event's consequence: its type and data (the account is added by the outbox). */
export type WebhookConsequence = { [T in WebhookEventType]: { type: T; data: WebhookEventData<T> } }[WebhookEventType];

/** What a consequence may need besides the event. */
export interface ConsequenceContext {
  config: AppConfig;
}

/**
 * What one type of event causes (decision 0041): its audit entry, its webhook, its mails, each optional and each
 * possibly nothing for a given event. The consumers (audit.consumer.ts, …) apply them in the event's transaction.
 */
export interface Consequences<T extends DomainEventType> {
  audit?: (event: DomainEvent<T>) => AuditConsequence | undefined;
  webhook?: (event: DomainEvent<T>) => WebhookConsequence | undefined;
  mails?: (event: DomainEvent<T>, context: ConsequenceContext) => Promise<MailMessage[]>;
}

/** A capability's table: every event type of its own, with what it causes. */
export type ConsequenceTable<T extends DomainEventType> = { [K in T]: Consequences<K> };

/** Who acted, as every webhook names them: a contact, or nobody's (the provider's systems, the portal itself). */
export function webhookActor(actor: DomainEventActor) {
  if (actor.kind !== 'contact') return SYSTEM_ACTOR;
  return { contact_id: actor.contact_id, contact_external_id: actor.contact_external_id, email: actor.email, impersonated_by: actor.impersonated_by };
}
