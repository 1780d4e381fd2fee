import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';

const ISSUER = 'customer-portal';
const AUDIENCE = 'portal-api';
/** A JWT header type of its own, so no other kind of token can pass for an access token. */
const ACCESS_TOKEN_TYPE = 'at+jwt';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Session ids are refresh-token family UUIDs; anything else is not one of our tokens. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  contactId: number;
  accountId: number;
  /** The sign-in (refresh-token family) this token belongs to; revoking it ends the token too. */
  sessionId: string;
}

export interface TokenService {
  signAccessToken(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid access token, or undefined for anything else (expired, forged, other type). */
  verifyAccessToken(token: string): Promise<AccessClaims | undefined>;
}

/**
 * Tokens already verified, kept until they expire: every API request of a signed-in screen carries
 * the same token, and checking its HMAC again each time was about 5 % of the server's CPU under load
 * (decision 0028). The key is the whole token, signature included, so only a token byte-for-byte
 * equal to one that passed is taken from here; expiry is checked on every use. Bounded.
 */
const VERIFIED_TOKENS_KEPT = 2_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // Expiry by the wall clock (read at each use), as jose checks `exp`; the least recently used token leaves first.
  const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_TOKENS_KEPT, ttlResolution: 0, perf: { now: () => Date.now() } });
  return {
    async signAccessToken(claims, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
      const token = await new SignJWT({ acc: claims.accountId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
        .setSubject(String(claims.contactId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) return { ...known };
      // Expired (or never seen): verified in full, so an expired token is refused by jose.
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: ACCESS_TOKEN_TYPE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const contactId = Number(payload.sub);
        if (!Number.isInteger(contactId) || typeof payload.acc !== 'number' || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return undefined;
        const claims = { contactId, accountId: payload.acc, sessionId: payload.sid };
        // A ttl of 0 would mean "forever" to the cache: a token in its last millisecond is not kept.
        const msLeft = payload.exp! * 1000 - Date.now();
        if (msLeft > 0) verified.set(token, claims, { ttl: msLeft });
        return { ...claims };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

/** An opaque random token (256 bits) for refresh, reset, impersonation and launch tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
