import { AUDIT_KIND_LABELS, type AuditEntry, type AuditKind } from '@portal/contract';

/** What each recorded action means, as an administrator reads it; an action not named here shows as recorded. */
const ACTIONS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'auth.sessions_ended': 'Signed out other browsers',
  'auth.refresh_reuse': 'A stolen session was stopped',
  'auth.impersonation_issued': 'Your provider opened a support sign-in',
  'auth.impersonation_login': 'Your provider signed in as this person',
  'auth.password_changed': 'Password changed',
  'auth.password_confirmation': 'Password confirmed',
  'auth.password_reset_requested': 'Password reset asked for',
  'auth.two_factor_enabled': 'Two-step sign-in turned on',
  'auth.two_factor_disabled': 'Two-step sign-in turned off',
  'auth.second_factor': 'Sign-in code refused',
  'auth.recovery_code_used': 'Recovery code used',
  'auth.recovery_codes_renewed': 'Recovery codes renewed',
  'auth.two_factor_reset': 'Two-step sign-in reset by an administrator',
  'auth.passkey_added': 'Passkey added',
  'auth.passkey_removed': 'Passkey removed',
  'auth.sign_in_policy_changed': 'Sign-in rules changed',
  'users.created': 'User added',
  'users.updated': 'User changed',
  'users.deleted': 'User deleted',
  'users.invitation_sent': 'Invitation sent',
  'users.license_added': 'License given',
  'users.license_removed': 'License taken back',
  'vault.credential_created': 'Credential added',
  'vault.credential_updated': 'Credential changed',
  'vault.credential_deleted': 'Credential deleted',
  'vault.password_unhidden': 'Password revealed',
  'vault.password_hidden': 'Password hidden again',
  'billing.payment': 'Payment',
  'billing.autopay': 'Automatic payments changed',
  'billing.card_removed': 'Stored card removed',
  'billing.statement_downloaded': 'Statement downloaded',
  'billing.receipt_downloaded': 'Receipt downloaded',
  'ticket.resolved_by_customer': 'Ticket marked resolved',
  'ticket.reopened_by_customer': 'Ticket reopened',
  'profile.updated': 'Profile changed',
  'apps.launch': 'Application opened',
  'apps.launch_redeem': 'Application signed in',
  'support_tools.built': 'Support tool prepared',
  'support_tools.download_recorded': 'Support tool downloaded',
  'support_tools.link_created': 'Download link made',
  'support_tools.link_downloaded': 'Download link used',
  'support_tools.link_refused': 'Download link refused',
  'provider.accounts_bulk': 'Account details updated by your provider',
  'provider.contacts_bulk': 'Users updated by your provider',
  'provider.services_bulk': 'Services updated by your provider',
  'provider.tickets_bulk': 'Tickets updated by your provider',
  'provider.identity_provider_added': 'Sign-in with your identity provider set up by your provider',
  'provider.identity_provider_changed': 'Identity provider sign-in changed by your provider',
  'provider.identity_provider_removed': 'Identity provider sign-in removed by your provider',
  'audit_log.exported': 'Audit log exported',
};

const FAILED: Record<string, string> = { 'auth.login': 'Sign-in failed', 'billing.payment': 'Payment failed' };

export function actionLabel({ action, outcome }: Pick<AuditEntry, 'action' | 'outcome'>): string {
  if (outcome !== 'success' && FAILED[action]) return FAILED[action];
  return ACTIONS[action] ?? action;
}

export function kindLabel(kind: string): string {
  return AUDIT_KIND_LABELS[kind as AuditKind] ?? kind;
}

export const OUTCOME_LABELS: Record<string, string> = { success: 'Done', failure: 'Failed', denied: 'Refused' };
export const OUTCOME_COLOURS: Record<string, string> = { success: 'teal', failure: 'red', denied: 'orange' };

/** The entry's details on one line (`changed: admin_group · credential: Router`), long values shortened. */
export function detailsLine(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key, value]) => key !== 'by' && value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')}: ${shorten(Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value))}`,
    )
    .join(' · ');
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The instant a calendar day (`YYYY-MM-DD`, from a date field) starts in the browser's time zone, as the server's
 * `from` and `to` take it; `nextDay` gives the start of the day after (the `to` of "up to and including this day").
 */
export function dayStart(day: string, { nextDay = false } = {}): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
