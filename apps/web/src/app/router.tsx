import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoginPage } from '../features/auth';
import { loginPathReturningTo, pathAfterSignIn } from '../shared/navigation';
import { CHANGE_PASSWORD_PATH, useSession } from '../shared/session';
import { useFocusHeadingOnNewScreen } from './focus-on-navigation';
import { SignedOutLayout } from './layouts/SignedOutLayout';
import { matchesSection, PORTAL_SECTIONS, refusedSectionAt, sectionOf, sectionsFor, type PortalSection } from './portal-sections';
import { refusedScreenState } from './refused-screen';
import { removeSignedInSkeleton } from './signed-in-skeleton';

// The shell (AppShell, menus, navigation) is only needed once signed in; the sign-in screen
// loads without it.
const loadSignedInLayout = () => import('./layouts/SignedInLayout');
const SignedInLayout = lazy(async () => ({ default: (await loadSignedInLayout()).SignedInLayout }));

/**
 * The shell and a screen start downloading together: when the sign-in form's password field is first
 * focused (and again on "Sign in", for a password the browser filled in), so the first signed-in screen
 * does not wait for its code after the answer, and when a signed-in visit opens, so the screen does not
 * wait for the shell (decision 0022). Never on mere page load: the signed-out pages load nothing of the
 * signed-in screens until someone is about to sign in.
 */
function preloadSignedInScreen(pathname: string) {
  const preloads = [loadSignedInLayout(), sectionOf(PORTAL_SECTIONS, pathname)?.preload()];
  // A failed preload is only a missed head start: the route's own lazy load reports the failure.
  for (const preload of preloads) preload?.catch(() => {});
}

/** The screen a signed-in visit opens on: this address, or where a sign-in on /login leads (its ?next=). */
function openingScreen({ pathname, search }: { pathname: string; search: string }): { pathname: string; search: string } {
  if (pathname !== '/login') return { pathname, search };
  const target = new URL(pathAfterSignIn(search), 'http://portal.invalid');
  return { pathname: target.pathname, search: target.search };
}

const loadForgotPasswordPage = () => import('../features/auth/components/ForgotPasswordPage');
const loadChangePasswordPage = () => import('../features/auth/components/ChangePasswordPage');
const ForgotPasswordPage = lazy(async () => ({ default: (await loadForgotPasswordPage()).ForgotPasswordPage }));
// A notification mail's unsubscribe page (decision 0046): signed in or out.
const UnsubscribePage = lazy(async () => ({ default: (await import('../features/notifications/components/UnsubscribePage')).UnsubscribePage }));
const ChangePasswordPage = lazy(async () => ({ default: (await loadChangePasswordPage()).ChangePasswordPage }));
// Where a sign-in through the account's identity provider lands (decision 0051).
const IdentityProviderCompletionPage = lazy(async () => ({
  default: (await import('../features/auth/components/IdentityProviderCompletionPage')).IdentityProviderCompletionPage,
}));

/**
 * Starts downloading the lazily loaded signed-out page at this address, if it is one. main.tsx calls it
 * before hydrating the server's markup of that page, so the chunk is on its way before React reaches the
 * page: until it arrives, React leaves the page's server markup in place (the Suspense boundary in
 * SignedOutLayout) and hydrates it when the chunk is there.
 */
export function preloadSignedOutPage(pathname: string): void {
  const loads: Partial<Record<string, () => Promise<unknown>>> = { '/forgot-password': loadForgotPasswordPage, [CHANGE_PASSWORD_PATH]: loadChangePasswordPage };
  // A failed preload is only a missed head start: the route's own lazy load reports the failure.
  loads[pathname]?.().catch(() => {});
}

/** Spec §2: which routes exist depends on whether someone is signed in and on their flags. */
export function AppRoutes() {
  const { session } = useSession();
  // The screen shown: a section (a ticket opened over the list is still Support Tickets), else the page's address.
  const { pathname } = useLocation();
  useFocusHeadingOnNewScreen(sectionOf(PORTAL_SECTIONS, pathname)?.path ?? pathname);
  // The server's skeleton of a signed-in screen stays until that screen is shown (SignedInLayout); signed out, it goes.
  useLayoutEffect(() => {
    if (!session) removeSignedInSkeleton();
  }, [session]);
  return session ? <SignedInRoutes /> : <SignedOutRoutes />;
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<SignedOutLayout />}>
        <Route path="/login" element={<LoginPage onSigningIn={preloadSignedInScreen} />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/login/identity-provider" element={<IdentityProviderCompletionPage />} />
      </Route>
      <Route path="*" element={<ToSignIn />} />
    </Routes>
  );
}

/** One of the signed-in screens' addresses (whoever may see it: the server decides after sign-in). */
function isPortalAddress(pathname: string): boolean {
  return PORTAL_SECTIONS.some((section) => matchesSection(section, pathname));
}

/** A protected address opened while signed out: sign in first, then come back to it (decision 0019). */
function ToSignIn() {
  const location = useLocation();
  const { signedOutOnPurpose } = useSession();
  return <Navigate to={signedOutOnPurpose ? '/login' : loginPathReturningTo(location, isPortalAddress)} replace />;
}

/** Signed in on /login (just now, or in another tab): on to the address it was opened for, or /apps. */
function FromSignIn() {
  return <Navigate to={pathAfterSignIn(useLocation().search)} replace />;
}

/**
 * Spec §2: an unknown path, and a screen the user's flags leave unregistered, go to /apps. For such a screen (a
 * colleague's link to /billing) /apps then says why and who can grant it (RefusedScreenNotice), instead of a silent
 * bounce.
 */
function ToApps({ sections }: { sections: readonly PortalSection[] }) {
  const refused = refusedSectionAt(sections, useLocation().pathname);
  return <Navigate to="/apps" replace state={refused ? refusedScreenState(refused) : undefined} />;
}

function SignedInRoutes() {
  const { flags } = useSession();
  const sections = sectionsFor(flags);
  // The shell, the screen and its data load side by side, not the screen only once the shell has arrived. The data
  // only for a screen this user may open; a failed prefetch is only a missed head start (the screen's own query
  // fetches again and reports the failure).
  const location = useLocation();
  const [opening] = useState(() => {
    const address = openingScreen(location);
    return { address, section: sectionOf(sections, address.pathname), flags };
  });
  const queryClient = useQueryClient();
  useEffect(() => {
    preloadSignedInScreen(opening.address.pathname);
    opening.section?.prefetch?.(queryClient, opening.address.search, opening.flags).catch(() => {});
  }, [opening, queryClient]);
  return (
    <Suspense
      fallback={
        <Center h="100dvh">
          <Loader aria-label="Loading the portal" />
        </Center>
      }
    >
      <Routes>
        <Route element={<SignedInLayout sections={sections} />}>
          {sections.map(({ path, page: Page, subPaths }) => (
            <Route key={path} path={path} element={<Page />}>
              {subPaths?.map((subPath) => (
                <Route key={subPath} path={subPath} element={null} />
              ))}
            </Route>
          ))}
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Route>
        <Route path="/login" element={<FromSignIn />} />
        <Route path="*" element={<ToApps sections={sections} />} />
      </Routes>
    </Suspense>
  );
}
