import { DEFAULT_USER_TIME_ZONE, type StoredSession } from '@portal/contract';
import { useMemo } from 'react';
import { useSession, type SessionFlags } from './SessionProvider';

/** The profile fields a screen may change in the stored session (after a successful save). */
export type SignedInUserChanges = Partial<Pick<StoredSession, 'firstname' | 'lastname' | 'email' | 'time_zone' | 'ui_color_mode'>>;

/** What a signed-in screen needs of the session; the token stays with the API client. */
export interface SignedInUser {
  contactId: number;
  firstname: string;
  lastname: string;
  fullName: string;
  email: string;
  /** The contact's time zone (the product's default applies when the session has none). */
  timeZone: string;
  /** The customer account (account_id): the Support Tools tab's customer id. */
  accountId: number;
  accountName: string;
  /** The account's id in the billing system (the `:id` of the billing calls), if it has one. */
  billingApiId: string | null;
  flags: SessionFlags;
  /** Writes the saved profile into the stored session, so the header and other screens follow. */
  updateUser: (changes: SignedInUserChanges) => void;
}

/** The signed-in contact, for the screens inside the signed-in shell. */
export function useSignedInUser(): SignedInUser {
  const { session, flags, updateUser } = useSession();
  const user = useMemo<SignedInUser | null>(
    () =>
      session && {
        contactId: session.pk,
        firstname: session.firstname,
        lastname: session.lastname,
        fullName: `${session.firstname} ${session.lastname}`.trim(),
        email: session.email,
        timeZone: session.time_zone ?? DEFAULT_USER_TIME_ZONE,
        accountId: session.account_id,
        accountName: session.account.name,
        billingApiId: session.account.billing_api_id || null,
        flags,
        updateUser,
      },
    [session, flags, updateUser],
  );
  if (!user) throw new Error('useSignedInUser is for screens inside the signed-in shell');
  return user;
}
