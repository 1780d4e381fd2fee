import { Button, Divider } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { IdentityProviderRefusal } from '@portal/contract';
import { useIdentityProviderOf } from '../api/identity-provider';
import { FormFailure } from './AuthScreenParts';

/*
 * Sign-in with the account's own identity provider on the sign-in page (decision 0051): a chunk of its own, loaded once
 * the typed e-mail has a domain, or the page was opened by an account's sign-in link or with a refusal.
 */

/** Why the identity provider's sign-in was refused, by the reason the callback names (never text from the address). */
export const REFUSAL_MESSAGES: Record<IdentityProviderRefusal, string> = {
  expired: 'This sign-in has expired or was already used. Please try again.',
  cancelled: 'The sign-in at your identity provider was cancelled or refused. Please try again.',
  unavailable: 'Your identity provider could not be reached. Please try again later, or sign in with your password.',
  rejected: 'The answer of your identity provider could not be verified. Please try again, or contact support.',
  no_email: 'Your identity provider did not give your e-mail address, so you cannot be signed in with it.',
  email_unverified: 'Your identity provider has not verified your e-mail address, so you cannot be signed in with it.',
  domain_not_served: 'Your e-mail address is not of a domain that your organization’s identity provider signs in here.',
  other_account: 'Your e-mail address belongs to a user of another organization. Sign in with your password.',
  unknown_user: 'There is no user with your e-mail address. Ask your administrator to add you.',
  removed_user: 'Your user was removed. Ask your administrator to add you again.',
  deactivated: 'Your user has been deactivated. Please contact your administrator.',
  suspended: 'Your account is suspended. Please contact support.',
  throttled: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  no_identity_provider: 'No identity provider signs in the users of this domain. Sign in with your password.',
};

export function IdentityProviderRefusalMessage({ reason }: { reason: string }) {
  const message = REFUSAL_MESSAGES[reason as IdentityProviderRefusal];
  return message ? <FormFailure>{message}</FormFailure> : null;
}

/** "Sign in with <name>" once the e-mail's domain is one an account's identity provider serves; nothing otherwise. */
export function IdentityProviderButton({ domain, email }: { domain: string; email?: string }) {
  // Typing goes on: the domain is asked when it has stood still a moment (each domain once, the query's cache).
  const [settled] = useDebouncedValue(domain, 400);
  const { data } = useIdentityProviderOf(settled || null);
  if (!data || settled !== domain) return null;
  const hint = email ? `&login_hint=${encodeURIComponent(email)}` : '';
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button component="a" href={`${data.start_url}${hint}`} variant="default" size="md" fullWidth>
        Sign in with {data.name}
      </Button>
    </>
  );
}
