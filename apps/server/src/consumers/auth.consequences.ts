import type { AuthEventType } from '@portal/contract';
import { passwordChangedMail, passwordResetMail } from '../modules/auth/index.js';
import type { ConsequenceTable } from './consequences.js';

/**
 * What signing in and out, passwords and impersonation cause (decision 0041): the audit trail names the address typed
 * or the staff member behind a link, as it always has.
 */
export const authConsequences: ConsequenceTable<AuthEventType> = {
  'auth.sign_in_attempted': {
    audit: ({ data }) => ({
      action: 'auth.login',
      outcome: data.outcome,
      as: { actor: data.username, contactId: data.contact_id },
      ...(data.reason === null ? {} : { details: { reason: data.reason } }),
      ...(data.second_factor ? { details: { second_factor: data.second_factor } } : {}),
      ...(data.via ? { details: { ...(data.reason === null ? {} : { reason: data.reason }), via: data.via } } : {}),
    }),
  },
  'auth.password_confirmation_failed': {
    audit: ({ data }) => ({
      action: 'auth.password_confirmation',
      outcome: 'failure',
      as: { actor: data.email, contactId: data.contact_id },
      details: { purpose: data.purpose },
    }),
  },
  'auth.refresh_token_reused': {
    audit: ({ data }) => ({
      action: 'auth.refresh_reuse',
      outcome: 'denied',
      as: { actor: `contact:${data.contact_id}`, contactId: data.contact_id },
      details: { session: data.session },
    }),
  },
  'auth.signed_out': {
    audit: ({ data }) => ({ action: 'auth.logout', as: { actor: `contact:${data.contact_id ?? undefined}`, contactId: data.contact_id } }),
  },
  'auth.sessions_ended': {
    audit: ({ data }) => ({
      action: 'auth.sessions_ended',
      as: { actor: data.email, contactId: data.contact_id },
      details: { ended: data.ended, which: data.which },
    }),
  },
  'auth.impersonation_issued': {
    audit: ({ data }) => ({
      action: 'auth.impersonation_issued',
      as: { actor: data.staff, contactId: data.contact_id },
      details: { impersonated: data.impersonated },
    }),
  },
  'auth.impersonation_sign_in': {
    audit: ({ data }) =>
      data.outcome === 'success'
        ? {
            action: 'auth.impersonation_login',
            as: { actor: data.staff ?? 'unknown', contactId: data.contact_id },
            details: { impersonated: data.impersonated },
          }
        : { action: 'auth.impersonation_login', outcome: data.outcome, as: { actor: 'unknown' } },
  },
  'auth.password_reset_requested': {
    audit: ({ data }) => ({
      action: 'auth.password_reset_requested',
      outcome: data.contact ? 'success' : 'failure',
      as: { actor: data.email, contactId: data.contact?.contact_id ?? null },
    }),
    // The link is the event's secret: it reaches the mail, never the event's row.
    mails: async ({ data, secrets }, { config }) =>
      data.contact && secrets?.link
        ? [
            passwordResetMail({
              to: data.contact.email,
              firstname: data.contact.firstname,
              link: secrets.link,
              providerName: config.provider.name,
              supportEmail: config.provider.supportEmail,
            }),
          ]
        : [],
  },
  'auth.two_factor_enabled': {
    audit: ({ data, actor }) => ({
      action: 'auth.two_factor_enabled',
      ...(actor.kind === 'visitor' ? { as: { actor: data.email, contactId: data.contact_id } } : { contactId: data.contact_id }),
      details: { method: data.method, ...(data.at_sign_in ? { at_sign_in: true } : {}) },
    }),
  },
  'auth.two_factor_disabled': {
    audit: ({ data }) => ({ action: 'auth.two_factor_disabled', contactId: data.contact_id, details: { via: data.via } }),
  },
  'auth.sign_in_policy_changed': {
    audit: ({ data }) => ({ action: 'auth.sign_in_policy_changed', details: { two_factor_required: data.two_factor_required } }),
  },
  'auth.passkey_added': {
    audit: ({ data }) => ({ action: 'auth.passkey_added', contactId: data.contact_id, details: { name: data.name } }),
  },
  'auth.passkey_removed': {
    audit: ({ data }) => ({ action: 'auth.passkey_removed', contactId: data.contact_id, details: { name: data.name } }),
  },
  'auth.two_factor_reset': {
    audit: ({ data }) => ({ action: 'auth.two_factor_reset', contactId: data.contact_id, details: { user: data.email } }),
  },
  'auth.second_factor_failed': {
    audit: ({ data, actor }) => ({
      action: 'auth.second_factor',
      outcome: 'failure',
      ...(actor.kind === 'visitor' ? { as: { actor: data.email, contactId: data.contact_id } } : { contactId: data.contact_id }),
      details: { method: data.method, reason: data.reason, purpose: data.purpose },
    }),
  },
  'auth.recovery_codes_renewed': {
    audit: ({ data }) => ({ action: 'auth.recovery_codes_renewed', contactId: data.contact_id, details: { via: data.via } }),
  },
  'auth.recovery_code_used': {
    audit: ({ data }) => ({
      action: 'auth.recovery_code_used',
      as: { actor: data.email, contactId: data.contact_id },
      details: { remaining: data.remaining },
    }),
  },
  'auth.password_changed': {
    audit: ({ data }) => ({ action: 'auth.password_changed', as: { actor: data.email, contactId: data.contact_id }, details: { via: data.via } }),
    mails: async ({ data }, { config }) => [
      passwordChangedMail({
        to: data.email,
        firstname: data.firstname,
        providerName: config.provider.name,
        supportEmail: config.provider.supportEmail,
        supportPhone: config.provider.supportPhone,
      }),
    ],
  },
};
