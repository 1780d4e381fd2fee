/** When a sign-in's access token expires: seconds since the epoch (`exp`) and as an ISO timestamp (`expireDate`). */
export interface AccessTokenExpiry {
  exp: number;
  expireDate: string;
}

/**
 * The expiry of a sign-in whose answer did not say it (docs/product.md §7 names no expiry in the
 * login result): the access token's own `exp` claim when it is a JWT; otherwise the session counts
 * as expiring now, so the next page load refreshes it (§4) instead of trusting it blindly.
 */
export function accessTokenExpiry(accessToken: string, now: number = Date.now()): AccessTokenExpiry {
  const exp = jwtExpiry(accessToken) ?? Math.floor(now / 1000);
  return { exp, expireDate: new Date(exp * 1000).toISOString() };
}

/** The `exp` claim of a JWT's payload (read, not verified: the server verifies), or undefined. */
function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? Math.floor(exp) : undefined;
  } catch {
    return undefined;
  }
}
