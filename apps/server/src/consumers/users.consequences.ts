import type { UserEventType } from '@portal/contract';
import { INVITATION_VALID_DAYS, invitationMail } from '../modules/users/index.js';
import { webhookActor, type ConsequenceTable } from './consequences.js';

/**
 * What the users' events cause (decision 0041). An administrator's change is audited on the user it concerns
 * (`contactId`), as the users service did; the provider's changes under its key, as every provider change is.
 */
export const userConsequences: ConsequenceTable<UserEventType> = {
  'contact.created': {
    audit: ({ data: { contact } }) => ({
      action: 'users.created',
      contactId: contact.id,
      details: {
        email: contact.email,
        flags: { admin_group: contact.admin_group, billing_group: contact.billing_group, technical_group: contact.technical_group },
      },
    }),
    webhook: ({ data, actor }) => ({ type: 'contact.created', data: { contact: data.contact, by: webhookActor(actor) } }),
  },
  'contact.updated': {
    audit: ({ data }) => ({ action: 'users.updated', contactId: data.contact_id, details: { changed: data.changed } }),
  },
  'contact.deleted': {
    audit: ({ data: { contact } }) => ({
      action: 'users.deleted',
      contactId: contact.id,
      details: { email: contact.email, name: `${contact.firstname} ${contact.lastname}` },
    }),
    webhook: ({ data, actor }) => ({ type: 'contact.deleted', data: { contact: data.contact, by: webhookActor(actor) } }),
  },
  'contact.invited': {
    // A new user's invitation is part of their creation's entry; only one sent again is an entry of its own.
    audit: ({ data }) =>
      data.again ? { action: 'users.invitation_sent', contactId: data.contact.contact_id, details: { email: data.contact.email } } : undefined,
    // The link is the event's secret, there only in the transaction that issued it, which writes the mail with it.
    mails: async ({ data, secrets }, { config }) =>
      secrets?.link
        ? [
            invitationMail({
              to: data.contact.email,
              firstname: data.contact.firstname,
              invitedBy: data.invited_by,
              accountName: data.account_name,
              link: secrets.link,
              validDays: INVITATION_VALID_DAYS,
              providerName: config.provider.name,
              supportEmail: config.provider.supportEmail,
            }),
          ]
        : [],
  },
  'contact.license_added': {
    audit: ({ data }) => ({ action: 'users.license_added', contactId: data.contact_id, details: { service_id: data.service_id, service: data.service } }),
  },
  'contact.license_removed': {
    audit: ({ data }) => ({
      action: 'users.license_removed',
      contactId: data.contact_id,
      details: { service_id: data.service_id, license_id: data.license_id },
    }),
  },
  'contact.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.contact_created' : data.deactivated ? 'provider.contact_deactivated' : 'provider.contact_updated',
      details: { contact_id: data.contact_id, external_id: data.external_id, ...(data.created && { email: data.email }) },
    }),
  },
  'contacts.bulk_pushed': {
    audit: ({ data }) => ({ action: 'provider.contacts_bulk', details: { ...data } }),
  },
};
