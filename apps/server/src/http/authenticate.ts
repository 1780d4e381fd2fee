import type { FastifyRequest } from 'fastify';
import type { EndpointAccess } from '@portal/contract';
import { flagsGrant, type Caller, type CallerAccess } from '../modules/auth/caller.js';
import type { TokenService } from '../platform/tokens.js';
import { bearerToken } from '../platform/tokens.js';
import { AppError, forbidden } from '../platform/app-error.js';

export type Authenticate = (request: FastifyRequest, access: EndpointAccess) => Promise<Caller | undefined>;

const SIGNED_OUT = 'Your session has expired. Please sign in again.';

/** What a signed-in caller without the access is told (403). */
const REFUSED: Record<Exclude<CallerAccess, 'user'>, string> = {
  admin: 'Only administrators of your account can do this',
  billing: 'Only users with billing access can do this',
  technical: 'Only administrators and technical contacts of your account can do this',
};

/**
 * Checks an endpoint's access before its handler runs: a valid access token whose sign-in is still
 * live, and for admin, billing and technical endpoints the flags as the database has them now. Refresh- and
 * reset-token endpoints check their own bearer in their handler.
 */
export function createAuthenticator(deps: {
  tokens: TokenService;
  findLiveCaller: (contactId: number, sessionId: string) => Promise<Caller | undefined>;
}): Authenticate {
  return async (request, access) => {
    if (access === 'public' || access === 'refresh' || access === 'reset') return undefined;
    if (access === 'provider') throw new Error('Provider endpoints are authenticated by their API key (register-endpoints.ts)');
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthenticated', 'Please sign in to continue', undefined, { 'www-authenticate': 'Bearer' });
    const claims = await deps.tokens.verifyAccessToken(token);
    const caller = claims && (await deps.findLiveCaller(claims.contactId, claims.sessionId));
    if (!caller) throw new AppError('unauthenticated', SIGNED_OUT, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });
    if (access !== 'user' && !flagsGrant(caller, access)) throw forbidden(REFUSED[access]);
    return caller;
  };
}
