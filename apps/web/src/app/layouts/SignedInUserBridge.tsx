import { DEFAULT_USER_TIME_ZONE } from '@portal/contract';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../../features/auth';
import { SignedInUserContext, type SignedInUser } from '../../shared/session';

/** Hands the session to the signed-in screens, which may not import the auth feature themselves. */
export function SignedInUserBridge({ children }: { children: ReactNode }) {
  const { session, flags, updateUser } = useSession();
  const value = useMemo<SignedInUser | null>(
    () =>
      session && {
        contactId: session.pk,
        firstname: session.firstname,
        lastname: session.lastname,
        fullName: `${session.firstname} ${session.lastname}`.trim(),
        email: session.email,
        timeZone: session.time_zone ?? DEFAULT_USER_TIME_ZONE,
        accountName: session.account.name,
        flags,
        accessToken: session.access_token,
        updateUser,
      },
    [session, flags, updateUser],
  );
  if (!value) return null;
  return <SignedInUserContext.Provider value={value}>{children}</SignedInUserContext.Provider>;
}
