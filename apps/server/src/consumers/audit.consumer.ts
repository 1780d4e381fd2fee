import type { AnyDomainEvent } from '../events/domain-event.js';
import type { EventConsumer } from '../events/event-recorder.js';
import { recordAudit, type AuditEvent } from '../modules/audit/index.js';
import { consequencesOf } from './consequences-by-type.js';
import type { AuditConsequence } from './consequences.js';

/**
 * The audit log, made from the domain events (decision 0041): one entry per event that is worth one, written in the
 * event's transaction (so a change and its entry commit together), at most once per event id. The actions and details
 * are those the services wrote before the events, so the log reads as it always has.
 */
export function auditConsumer(): EventConsumer {
  return {
    name: 'audit',
    async consume(tx, event) {
      const entry = consequencesOf(event).audit?.(event);
      if (entry) await recordAudit(tx, { ...entryBy(event, entry), eventId: event.id });
    },
  };
}

/** Who acted, as every entry names them: the contact (or the staff member impersonating them), the API key, 'system', the command line or a link's holder. */
function entryBy(event: AnyDomainEvent, { action, outcome = 'success', contactId, details = {}, as }: AuditConsequence): AuditEvent {
  const base = { action, outcome, accountId: event.accountId, ip: event.meta.ip, userAgent: event.meta.userAgent };
  if (as) return { ...base, actor: as.actor, contactId: as.contactId ?? null, details };
  const { actor } = event;
  switch (actor.kind) {
    case 'contact':
      return { ...base, actor: actor.impersonated_by ?? actor.email, contactId: contactId ?? actor.contact_id, details: { by: actor.contact_id, ...details } };
    case 'provider':
      return { ...base, actor: `api-key:${actor.name}`, contactId, details: { api_key_id: actor.api_key_id, ...details } };
    case 'system':
      return { ...base, actor: 'system', contactId, details };
    case 'visitor':
      return { ...base, actor: 'unknown', contactId, details };
    case 'command_line':
      return { ...base, actor: 'provider (command line)', contactId, details };
    case 'download_link':
      // The entry is filed under the contact who made the link, as the support tools always wrote it (decision 0017).
      return { ...base, actor: 'anonymous (download link)', contactId: actor.contact_id, details };
  }
}
