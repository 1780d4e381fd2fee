import { endpoints, type LoginResult, type StoredSession } from '@portal/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiCall } from '../../shared/api';
import { clearSession, readSession, SESSION_STORAGE_KEY, toStoredSession, writeSession } from './session-store';

export interface SessionFlags {
  admin_group: boolean;
  billing_group: boolean;
  technical_group: boolean;
}

export interface SessionUser {
  firstname: string;
  lastname: string;
  fullName: string;
  email: string;
}

export interface SessionContextValue {
  session: StoredSession | null;
  user: SessionUser | null;
  flags: SessionFlags;
  signIn: (login: LoginResult) => void;
  /** Clears the session at once; the server-side revoke runs in the background and may fail silently. */
  signOut: () => void;
}

const NO_FLAGS: SessionFlags = { admin_group: false, billing_group: false, technical_group: false };

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(() => readSession());

  // Another tab signing in or out changes what this tab may show.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) setSession(readSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((login: LoginResult) => {
    const stored = toStoredSession(login);
    writeSession(stored);
    setSession(stored);
  }, []);

  const signOut = useCallback(() => {
    const refreshToken = readSession()?.refresh_token;
    clearSession();
    setSession(null);
    apiCall(endpoints.logout, { body: { refresh_token: refreshToken }, keepalive: true }).catch(() => {
      // The local session is gone either way; an unreachable server must not keep the user signed in.
    });
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      user: session && {
        firstname: session.firstname,
        lastname: session.lastname,
        fullName: `${session.firstname} ${session.lastname}`.trim(),
        email: session.email,
      },
      flags: session
        ? {
            admin_group: session.auth.admin_group,
            billing_group: session.auth.billing_group,
            technical_group: session.technical_group ?? false,
          }
        : NO_FLAGS,
      signIn,
      signOut,
    }),
    [session, signIn, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
