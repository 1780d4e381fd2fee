import { createContext, useContext } from 'react';

export interface SignedInFlags {
  admin_group: boolean;
  billing_group: boolean;
  technical_group: boolean;
}

/** The profile fields a screen may change in the stored session (after a successful save). */
export interface SignedInUserChanges {
  firstname: string;
  lastname: string;
  email: string;
  time_zone: string;
}

/**
 * What a signed-in screen needs of the session. Features may not import features/auth (lint), so
 * the app layer provides this from the session (app/layouts/SignedInUserBridge.tsx).
 */
export interface SignedInUser {
  contactId: number;
  firstname: string;
  lastname: string;
  fullName: string;
  email: string;
  /** The contact's time zone (spec §9 default applies when the session has none). */
  timeZone: string;
  accountName: string;
  flags: SignedInFlags;
  /** Bearer for `apiCall` on signed-in endpoints. */
  accessToken: string;
  /** Writes the saved profile into the stored session, so the header and other screens follow. */
  updateUser: (changes: SignedInUserChanges) => void;
}

export const SignedInUserContext = createContext<SignedInUser | null>(null);

export function useSignedInUser(): SignedInUser {
  const value = useContext(SignedInUserContext);
  if (!value) throw new Error('useSignedInUser must be used inside the signed-in shell');
  return value;
}
