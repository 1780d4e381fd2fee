import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isProviderScope, scopeAllows, PROVIDER_SCOPES, type ProviderScope } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { AppError, forbidden } from '../../platform/app-error.js';
import { findApiKeyByPrefix, insertApiKey, touchApiKey, type ApiKeyRow } from './api-keys.repository.js';

/**
 * Provider API keys (docs/decisions/0025). A key reads `ppk_<prefix>_<secret>`: 12 hex characters
 * that find the row, then 32 random bytes (base64url). The secret has 256 bits of entropy, so a
 * plain SHA-256 of it is enough to store (nothing to brute-force, unlike a password); checking it
 * costs one indexed select and one hash, not an argon2 run per request.
 */
const KEY_PATTERN = /^ppk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const LAST_USED_EVERY_MS = 60_000;

/** The provider's system acting through a key: who it is in the audit log and what it may do. */
export interface ProviderCaller {
  keyId: number;
  /** The key's name, e.g. "PSA sync": the actor of every change it makes. */
  name: string;
  scopes: ProviderScope[];
}

export const API_KEY_REQUIRED = 'This API needs a provider API key: Authorization: Bearer ppk_…';
export const API_KEY_INVALID = 'This API key is not valid';
export const API_KEY_REVOKED = 'This API key was revoked';
export const apiKeyExpired = (at: Date) => `This API key expired on ${at.toISOString()}`;
export const missingScope = (scope: ProviderScope) => `This API key lacks the scope ${scope}`;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
const refused = (message: string) => new AppError('unauthenticated', message, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });

export function parseScopes(text: string): ProviderScope[] {
  const scopes = text
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !isProviderScope(scope));
  if (unknown.length > 0) throw new AppError('validation_failed', `Unknown scope ${unknown.join(', ')}; the scopes are ${PROVIDER_SCOPES.join(', ')}`);
  if (scopes.length === 0) throw new AppError('validation_failed', `Give at least one scope: ${PROVIDER_SCOPES.join(', ')}`);
  return [...new Set(scopes)] as ProviderScope[];
}

/** Makes a key; the whole key is returned once and never stored. */
export async function createApiKey(
  db: Executor,
  input: { name: string; scopes: ProviderScope[]; expiresAt?: Date | null; createdBy?: string },
): Promise<{ key: string; row: ApiKeyRow }> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 200) throw new AppError('validation_failed', 'The key needs a name of 1 to 200 characters');
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const row = await insertApiKey(db, {
    name,
    prefix,
    secretHash: hashSecret(secret).toString('hex'),
    scopes: input.scopes,
    expiresAt: input.expiresAt ?? null,
    createdBy: input.createdBy ?? null,
  });
  return { key: `ppk_${prefix}_${secret}`, row };
}

/**
 * Checks a provider endpoint's bearer: a live key (not revoked, not expired) holding the scope.
 * A customer's access token is no key, so it is refused like no key at all (401).
 */
export function createApiKeyAuthenticator(db: Executor) {
  // Per instance: when this instance last wrote a key's last_used_at (the SQL also skips fresh rows).
  const touchedAt = new Map<number, number>();
  return async (token: string | undefined, scope: ProviderScope): Promise<ProviderCaller> => {
    if (!token) throw new AppError('unauthenticated', API_KEY_REQUIRED, undefined, { 'www-authenticate': 'Bearer' });
    const match = KEY_PATTERN.exec(token);
    if (!match) throw refused(API_KEY_INVALID);
    const row = await findApiKeyByPrefix(db, match[1]!);
    const expected = row ? Buffer.from(row.secretHash, 'hex') : hashSecret('no-such-key');
    const same = timingSafeEqual(expected, hashSecret(match[2]!));
    if (!row || !same) throw refused(API_KEY_INVALID);
    if (row.revokedAt) throw refused(API_KEY_REVOKED);
    if (row.expiresAt && row.expiresAt <= new Date()) throw refused(apiKeyExpired(row.expiresAt));
    if (!scopeAllows(row.scopes, scope)) throw forbidden(missingScope(scope));
    const now = Date.now();
    if (now - (touchedAt.get(row.id) ?? 0) > LAST_USED_EVERY_MS) {
      touchedAt.set(row.id, now);
      await touchApiKey(db, row.id);
    }
    return { keyId: row.id, name: row.name, scopes: row.scopes.filter(isProviderScope) };
  };
}
export type ApiKeyAuthenticator = ReturnType<typeof createApiKeyAuthenticator>;
