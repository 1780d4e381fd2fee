import { Center, Loader, Stack, Text } from '@mantine/core';
import { authEndpoints, type AcceptedLoginResult, type StoredSession } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { errorMessage } from '../api/api-error';
import { requestEndpoint } from '../api/request';
import { refreshSession } from './session-refresh';
import { CHANGE_PASSWORD_PATH } from './storage-keys';
import {
  clearSession,
  impersonatedBy as readImpersonatedBy,
  isAutoLoginPrevented,
  isSessionCurrent,
  readSession,
  SESSION_STORAGE_KEY,
  storeLogin,
  subscribeToSession,
  writeSession,
} from './session-store';

/** docs/product.md §2: the password-change page; opening it ends any stored session (docs/product.md §4). */
export { CHANGE_PASSWORD_PATH } from './storage-keys';
/** docs/product.md §6/§8: a token login that fails. */
export const IMPERSONATION_FAILED_MESSAGE = 'Invalid token for impersonate login';

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

/** `ready` once the stored session is restored, refreshed or dropped, and any URL token login is done. */
export type SessionStatus = 'ready' | 'restoring' | 'token-login';

export interface SessionContextValue {
  session: StoredSession | null;
  user: SessionUser | null;
  flags: SessionFlags;
  status: SessionStatus;
  /** The provider staff member signed in as this user, or `null` (docs/product.md §6 Impersonation). */
  impersonatedBy: string | null;
  /** Why the last automatic sign-in (URL token) failed, for the sign-in screen; cleared by signIn. */
  notice: string | null;
  /** Signed out by the user's own choice (not an expired session): /login then carries no way back. */
  signedOutOnPurpose: boolean;
  signIn: (login: AcceptedLoginResult) => void;
  /** Clears the session at once; the server-side revoke runs in the background and may fail silently. */
  signOut: () => void;
  /** Writes a saved profile (name, e-mail, time zone) into the stored session. */
  updateUser: (changes: Partial<Pick<StoredSession, 'firstname' | 'lastname' | 'email' | 'time_zone' | 'ui_color_mode'>>) => void;
}

const NO_FLAGS: SessionFlags = { admin_group: false, billing_group: false, technical_group: false };

const SessionContext = createContext<SessionContextValue | null>(null);

interface BootPlan {
  status: SessionStatus;
  session: StoredSession | null;
  /** The impersonation token from the URL, when a token login is to run. */
  token?: string;
  /** A session dropped at start (password-change path) that should be revoked on the server. */
  discarded?: StoredSession;
}

/** docs/product.md §4, on load: what to do with the URL token and the stored session. Reads storage, changes nothing. */
function planBoot(location: Pick<Location, 'pathname' | 'search'>): BootPlan {
  // The server's prerender of the signed-out pages (src/prerender.tsx) has no storage: nobody is signed in there.
  if (typeof window === 'undefined') return { status: 'ready', session: null };
  const stored = readSession();
  if (location.pathname === CHANGE_PASSWORD_PATH) return { status: 'ready', session: null, discarded: stored ?? undefined };
  const token = new URLSearchParams(location.search).get('token');
  if (token && !isAutoLoginPrevented()) return { status: 'token-login', session: stored, token };
  if (!stored) return { status: 'ready', session: null };
  if (isSessionCurrent(stored)) return { status: 'ready', session: stored };
  return { status: 'restoring', session: null };
}

/**
 * Whether the first render at this address shows a signed-out page: nobody stored as signed in (or the
 * password-change page, which ends any session), and no sign-in to run with a URL token. main.tsx hydrates
 * the server's prerendered markup only then; otherwise the first render would differ from it.
 */
export function opensSignedOut(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const plan = planBoot(location);
  return plan.status === 'ready' && plan.session === null;
}

/** Ends a sign-in on the server; the local session is already gone, so failures are ignored. */
function revokeOnServer(session: StoredSession | null | undefined): void {
  if (!session) return;
  requestEndpoint(authEndpoints.logout, {
    body: { refresh_token: session.refresh_token },
    token: session.access_token,
    keepalive: true,
  }).catch(() => {
    // An unreachable server must not keep anyone signed in; the refresh token expires on its own.
  });
}

function withoutTokenParam(location: Location): { pathname: string; search: string; hash: string } {
  const params = new URLSearchParams(location.search);
  params.delete('token');
  const search = params.toString();
  return { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [boot] = useState(() => {
    const plan = planBoot(location);
    // docs/product.md §4: opening the password-change page ends any stored session.
    if (location.pathname === CHANGE_PASSWORD_PATH && typeof window !== 'undefined') clearSession();
    return plan;
  });
  const [session, setSession] = useState<StoredSession | null>(boot.session);
  const [status, setStatus] = useState<SessionStatus>(boot.status);
  const [notice, setNotice] = useState<string | null>(null);
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);
  const bootLocation = useRef(location);
  const bootStarted = useRef(false);

  // Runs once (the ref survives StrictMode's second effect run; the URL token is single-use).
  useEffect(() => {
    if (bootStarted.current) return;
    bootStarted.current = true;
    revokeOnServer(boot.discarded);

    if (boot.status === 'restoring') {
      void refreshSession().then((refreshed) => {
        setSession(refreshed);
        setStatus('ready');
      });
      return;
    }
    if (boot.status === 'token-login' && boot.token) {
      const cleanUrl = withoutTokenParam(bootLocation.current);
      requestEndpoint(authEndpoints.tokenLogin, { body: { token: boot.token } }).then(
        ({ result }) => {
          const previous = readSession();
          const stored = storeLogin(result);
          if (previous && previous.refresh_token !== stored.refresh_token) revokeOnServer(previous);
          queryClient.clear();
          setSession(stored);
          setStatus('ready');
          navigate(cleanUrl, { replace: true });
        },
        (error: unknown) => {
          // docs/product.md §4: a failed token login leaves the user signed out.
          const previous = readSession();
          clearSession();
          revokeOnServer(previous);
          queryClient.clear();
          setNotice(errorMessage(error, IMPERSONATION_FAILED_MESSAGE));
          setSession(null);
          setStatus('ready');
          navigate(cleanUrl, { replace: true });
        },
      );
    }
  }, [boot, navigate, queryClient]);

  // The API client refreshes the session on a 401 (shared/api/api-client.ts); the screens follow
  // what it stored, and a sign-in that ended leaves no data of it in the cache.
  useEffect(
    () =>
      subscribeToSession((next) => {
        setSession(next);
        if (!next) queryClient.clear();
      }),
    [queryClient],
  );

  // Another tab signing in, refreshing or out changes what this tab may show.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) setSession(readSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback(
    (login: AcceptedLoginResult) => {
      queryClient.clear();
      setNotice(null);
      setSignedOutOnPurpose(false);
      storeLogin(login); // the session listener above shows it
    },
    [queryClient],
  );

  const updateUser = useCallback((changes: Partial<Pick<StoredSession, 'firstname' | 'lastname' | 'email' | 'time_zone' | 'ui_color_mode'>>) => {
    const stored = readSession();
    if (!stored) return;
    writeSession({ ...stored, ...changes }); // the session listener above shows it
  }, []);

  const signOut = useCallback(() => {
    const stored = readSession();
    setSignedOutOnPurpose(true);
    clearSession(); // the session listener above drops it and the cached data
    revokeOnServer(stored);
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
      status,
      impersonatedBy: session ? readImpersonatedBy() : null,
      notice,
      signedOutOnPurpose,
      signIn,
      signOut,
      updateUser,
    }),
    [session, status, notice, signedOutOnPurpose, signIn, signOut, updateUser],
  );

  return <SessionContext.Provider value={value}>{status === 'ready' ? children : <SessionPending status={status} />}</SessionContext.Provider>;
}

function SessionPending({ status }: { status: Exclude<SessionStatus, 'ready'> }) {
  const label = status === 'token-login' ? 'Signing you in…' : 'Restoring your session…';
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
