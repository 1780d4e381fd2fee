import type { DomainEventType } from '@portal/contract';
import type { AnyDomainEvent } from '../events/domain-event.js';
import type { MailMessage } from '../platform/mail.js';
import type { AuditConsequence, ConsequenceContext, Consequences, WebhookConsequence } from './consequences.js';
import { appsConsequences } from './apps.consequences.js';
import { auditLogConsequences } from './audit-log.consequences.js';
import { authConsequences } from './auth.consequences.js';
import { profileConsequences } from './profile.consequences.js';
import { inventoryConsequences } from './inventory.consequences.js';
import { supportToolConsequences } from './support-tools.consequences.js';
import { billingConsequences } from './billing.consequences.js';
import { serviceConsequences } from './services.consequences.js';
import { accountConsequences } from './accounts.consequences.js';
import { ticketConsequences } from './tickets.consequences.js';
import { webhookAdminConsequences } from './webhook-endpoints.consequences.js';
import { userConsequences } from './users.consequences.js';
import { notificationConsequences } from './notifications.consequences.js';
import { identityProviderConsequences } from './identity-providers.consequences.js';

/** What every event type causes, one table per capability; the type says none is missing. */
const CONSEQUENCES: { [T in DomainEventType]: Consequences<T> } = {
  ...ticketConsequences,
  ...accountConsequences,
  ...webhookAdminConsequences,
  ...serviceConsequences,
  ...authConsequences,
  ...appsConsequences,
  ...profileConsequences,
  ...userConsequences,
  ...inventoryConsequences,
  ...supportToolConsequences,
  ...billingConsequences,
  ...auditLogConsequences,
  ...notificationConsequences,
  ...identityProviderConsequences,
};

interface AnyConsequences {
  audit?: (event: AnyDomainEvent) => AuditConsequence | undefined;
  webhook?: (event: AnyDomainEvent) => WebhookConsequence | undefined;
  mails?: (event: AnyDomainEvent, context: ConsequenceContext) => Promise<MailMessage[]>;
}

/** The consequences of an event's type. Safe to widen: the table's entry for a type only ever receives events of that type. */
export const consequencesOf = (event: AnyDomainEvent): AnyConsequences => CONSEQUENCES[event.type] as AnyConsequences;
