import type { ProfileEventType } from '@portal/contract';
import { signInEmailChangedMail } from '../modules/profile/index.js';
import { webhookActor, type ConsequenceTable } from './consequences.js';

/** The audit trail has always named the changed fields by the server's names. */
const AUDIT_FIELD = { firstname: 'firstname', lastname: 'lastname', email: 'email', time_zone: 'timeZone' } as const;

/** What a change of one's own profile causes (decision 0041). */
export const profileConsequences: ConsequenceTable<ProfileEventType> = {
  'profile.updated': {
    audit: ({ data, actor }) => ({
      action: 'profile.updated',
      as: { actor: actor.kind === 'contact' ? (actor.impersonated_by ?? data.previous_email ?? actor.email) : 'system', contactId: data.contact.id },
      details: {
        changed: data.changed.map((field) => AUDIT_FIELD[field]),
        ...(data.previous_email === null ? {} : { old_email: data.previous_email, new_email: data.contact.email }),
      },
    }),
    webhook: ({ data, actor }) =>
      data.changed.length > 0
        ? { type: 'profile.changed', data: { contact: data.contact, changed: data.changed, previous_email: data.previous_email, by: webhookActor(actor) } }
        : undefined,
    // The old address is told, so a change made by someone else does not go unnoticed.
    mails: async ({ data }, { config }) =>
      data.previous_email === null
        ? []
        : [
            signInEmailChangedMail({
              to: data.previous_email,
              firstname: data.contact.firstname,
              newEmail: data.contact.email,
              providerName: config.provider.name,
              supportEmail: config.provider.supportEmail,
              supportPhone: config.provider.supportPhone,
            }),
          ],
  },
};
