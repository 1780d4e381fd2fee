/**
 * Where to go after signing in (decision 0019: a deep link survives sign-in). A signed-out visit to a
 * protected address is sent to `/login?next=<path and query>`; after signing in the portal lands on
 * that address. Only a path of this portal is accepted: anything that could leave the origin
 * (`//evil.example`, `https://…`, `/\evil`, `javascript:…`, control characters a browser would
 * strip) is refused and the user lands on the default screen instead.
 */
export const RETURN_PARAM = 'next';
export const DEFAULT_SIGNED_IN_PATH = '/apps';

/** Signed-out screens: returning to one after sign-in makes no sense (the password page would even end the session). */
const SIGNED_OUT_PATHS = ['/login', '/forgot-password', '/page-change-password'];
const MAX_RETURN_PATH_LENGTH = 2_000;
const PORTAL_ORIGIN = 'https://portal.invalid';

/** The same-origin path (with query and hash) in `raw`, or null when it is missing or not safe to follow. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  // One leading slash, then anything but a second slash or a backslash (browsers read '\' as '/').
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Browsers drop tabs and line breaks from URLs ("/\t/evil.example" becomes "//evil.example").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PORTAL_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PORTAL_ORIGIN) return null;
  if (SIGNED_OUT_PATHS.includes(url.pathname)) return null;
  // A one-time sign-in token (docs/product.md §4) is never carried along: it is spent or refused.
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in address that comes back to `location` afterwards: plain `/login` for the default
 * screen and for an address that `isPortalAddress` does not know (docs/product.md §2: any other path goes to /login).
 */
export function loginPathReturningTo(
  location: { pathname: string; search: string; hash?: string },
  isPortalAddress: (pathname: string) => boolean = () => true,
): string {
  if (!isPortalAddress(location.pathname)) return '/login';
  const target = safeReturnPath(`${location.pathname}${location.search}${location.hash ?? ''}`);
  if (!target || target === '/' || target === DEFAULT_SIGNED_IN_PATH) return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: target }).toString()}`;
}

/** Where a sign-in on an address with `search` (its `?next=`) should land. */
export function pathAfterSignIn(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_SIGNED_IN_PATH;
}
