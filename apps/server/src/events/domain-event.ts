import { randomBytes } from 'node:crypto';
import type { DomainEventActor, DomainEventData, DomainEventType } from '@portal/contract';
import type { ClientMeta } from '../platform/client-meta.js';

export type { DomainEventActor, DomainEventType } from '@portal/contract';

/** What a command records (decision 0041): the account it happened in, who did it, from where, and what. */
export interface NewDomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  accountId: number | null;
  actor: DomainEventActor;
  /** The request's origin, for the audit log; none for the portal's own work. */
  meta?: ClientMeta;
  data: DomainEventData<T>;
  /**
   * Values the consumers of this transaction may need but that are never stored with the event: a one-time link an
   * invitation or a password-reset mail carries. Only the mail outbox keeps them, as it always has.
   */
  secrets?: Readonly<Record<string, string>>;
}

/**
 * Who acts and from where, as a command is given them: the event's actor and the request's origin (none for the
 * portal's own work or the command line). Spread into the event the command records.
 */
export type EventOrigin = Pick<NewDomainEvent, 'actor' | 'meta'>;

/** An event as recorded and as every consumer receives it. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> extends NewDomainEvent<T> {
  id: string;
  meta: ClientMeta;
  occurredAt: Date;
}

/** Any recorded event, narrowed by its `type` (a consumer's `switch` sees each type's data). */
export type AnyDomainEvent = { [T in DomainEventType]: DomainEvent<T> }[DomainEventType];

/** `evt_` and 128 random bits: unique across instances without asking the database. */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/** The signed-in contact (or the provider's staff member impersonating them) as an event's actor. */
export const contactActor = (caller: { contactId: number; externalId: string | null; email: string; impersonatedBy: string | null }): DomainEventActor => ({
  kind: 'contact',
  contact_id: caller.contactId,
  contact_external_id: caller.externalId,
  email: caller.email,
  impersonated_by: caller.impersonatedBy,
});

/** A provider API key as an event's actor. */
export const providerActor = (provider: { keyId: number; name: string }): DomainEventActor => ({
  kind: 'provider',
  api_key_id: provider.keyId,
  name: provider.name,
});

export const SYSTEM: DomainEventActor = { kind: 'system' };
/** Someone not signed in (a sign-in attempt, a reset request). */
export const VISITOR: DomainEventActor = { kind: 'visitor' };

/** The provider's staff at the server's command line as an event's actor. */
export const COMMAND_LINE: DomainEventActor = { kind: 'command_line' };

/** The anonymous holder of a support-tool download link; `contactId` made the link (null: the link is not known). */
export const downloadLinkActor = (contactId: number | null): DomainEventActor => ({ kind: 'download_link', contact_id: contactId });
