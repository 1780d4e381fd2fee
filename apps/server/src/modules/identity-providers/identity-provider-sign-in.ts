import type * as oidc from 'openid-client';
import type { IdentityProviderOption, IdentityProviderRefusal, LoginResult } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { SYSTEM, VISITOR } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Logger } from '../../platform/logger.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import {
  THROTTLE,
  createThrottle,
  findContactByEmail,
  findContactById,
  findSignInBlock,
  issueOneTimeToken,
  redeemOneTimeToken,
  addressWindow,
  usernameWindow,
  type ContactWithAccount,
  type SessionsService,
} from '../auth/index.js';
import { createJustInTimeUser } from '../users/index.js';
import { callbackUrl } from './identity-provider-settings.js';
import {
  findIdentityProviderByDomain,
  findIdentityProviderOfAccount,
  insertPendingSignIn,
  takePendingSignIn,
  wasRemoved,
  type IdentityProviderRow,
} from './identity-providers.repository.js';

/** A sign-in sent to the identity provider may come back within this long. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** The callback's one-time code, which the web app exchanges for the session at once. */
export const COMPLETION_CODE_TTL_MS = 60 * 1000;
export const COMPLETION_EXPIRED = 'This sign-in has expired or was already used. Please sign in again.';

export interface IdentityProviderSignInDeps {
  db: Database;
  vault: VaultKeyRing;
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl'>;
  sessions: Pick<SessionsService, 'signInVerified'>;
  logger: Pick<Logger, 'warn'>;
}

/** A refusal on the way back from the identity provider: the sign-in page says why, from the reason alone. */
class Refused extends Error {
  constructor(
    readonly reason: IdentityProviderRefusal,
    readonly email: string | null = null,
    readonly contactId: number | null = null,
    readonly accountId: number | null = null,
  ) {
    super(reason);
  }
}

/** http is allowed for an issuer on this machine only (tests, a local IdP); the provider API refuses any other. */
const isLoopback = (issuer: URL) => issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

/** openid-client and jose's verifiers load with the first identity-provider sign-in, not with the server (issue 34). */
const openIdClient = () => import('openid-client');

/**
 * Sign-in with the account's own OpenID Connect provider (issue 37, decision 0051): the authorization code flow with
 * PKCE through openid-client, which checks the answer (state, issuer, the ID token's signature, audience, nonce and
 * expiry). Nothing is kept in memory: the state, nonce and verifier are a row any instance can take once, and the
 * session reaches the web app through a one-time code it exchanges by POST, never in a URL.
 */
export function createIdentityProviderSignIn({ db, vault, events, config, sessions, logger }: IdentityProviderSignInDeps) {
  const throttle = createThrottle(db);
  const redirectUri = callbackUrl(config.publicUrl);

  /** The IdP's metadata, discovered from its issuer (which openid-client checks), with the client's credentials. */
  async function clientOf(provider: IdentityProviderRow): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuer);
    const secret = vault.open(provider.clientSecretSealed, provider.clientSecretKeyId);
    const { discovery, allowInsecureRequests } = await openIdClient();
    return discovery(issuer, provider.clientId, secret, undefined, {
      timeout: 10,
      ...(isLoopback(issuer) ? { execute: [allowInsecureRequests] } : {}),
    });
  }

  const signInPage = (reason: IdentityProviderRefusal) => `${config.publicUrl}/login?idp_error=${reason}`;

  async function refuse(refused: Refused, meta: ClientMeta): Promise<string> {
    const ipKey = addressWindow(meta).key;
    await throttle.count(refused.email ? [usernameWindow(refused.email).key, ipKey] : [ipKey], THROTTLE.loginWindowSeconds);
    await events.record(db, {
      type: 'auth.sign_in_attempted',
      accountId: refused.accountId,
      actor: VISITOR,
      meta,
      data: {
        username: refused.email ?? '',
        outcome: refused.reason === 'deactivated' || refused.reason === 'suspended' ? 'denied' : 'failure',
        reason: refused.reason,
        contact_id: refused.contactId,
        via: 'identity_provider',
      },
    });
    return signInPage(refused.reason);
  }

  async function overTheLimit(keys: Array<{ key: string; limit: number }>): Promise<boolean> {
    try {
      await throttle.refuseWhenOver(keys, THROTTLE.loginWindowSeconds, () => '');
      return false;
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') return true;
      throw error;
    }
  }

  /** The contact the identity provider vouched for: one of this account's, or (where the account allows it) a new plain user. */
  async function contactFor(provider: IdentityProviderRow, claims: oidc.IDToken & oidc.UserInfoResponse, meta: ClientMeta): Promise<ContactWithAccount> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email.includes('@')) throw new Refused('no_email', null, null, provider.accountId);
    if (claims.email_verified !== true) throw new Refused('email_unverified', email, null, provider.accountId);
    if (!provider.domains.includes(email.slice(email.lastIndexOf('@') + 1))) throw new Refused('domain_not_served', email, null, provider.accountId);
    if (await overTheLimit([usernameWindow(email)])) {
      throw new Refused('throttled', null, null, provider.accountId);
    }
    const existing = await findContactByEmail(db, email);
    if (existing && existing.accountId !== provider.accountId) throw new Refused('other_account', email, null, provider.accountId);
    if (existing) return existing;
    if (!provider.allowJitUsers) throw new Refused('unknown_user', email, null, provider.accountId);
    if (await wasRemoved(db, provider.accountId, email)) throw new Refused('removed_user', email, null, provider.accountId);
    const name = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : fallback);
    const id = await createJustInTimeUser(
      { db, events },
      { actor: SYSTEM, meta },
      { accountId: provider.accountId, email, firstname: name(claims.given_name, email.slice(0, email.indexOf('@'))), lastname: name(claims.family_name, '') },
    );
    return (await findContactById(db, id))!;
  }

  async function finish(currentUrl: URL, state: string | undefined, idpError: string | undefined, meta: ClientMeta): Promise<string> {
    if (await overTheLimit([addressWindow(meta)])) throw new Refused('throttled');
    // The state is taken (used up) first: whatever comes of this answer, it cannot be played again.
    const pending = state ? await takePendingSignIn(db, state) : undefined;
    if (!pending) throw new Refused('expired');
    if (idpError) throw new Refused('cancelled', null, null, pending.accountId);
    const provider = await findIdentityProviderOfAccount(db, pending.accountId);
    if (!provider) throw new Refused('no_identity_provider', null, null, pending.accountId);
    let claims: oidc.IDToken & oidc.UserInfoResponse;
    try {
      const client = await clientOf(provider);
      const { authorizationCodeGrant, fetchUserInfo } = await openIdClient();
      const tokens = await authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Where the ID token carries no e-mail (its claims left to the UserInfo endpoint), the same subject's are asked there.
      claims = idToken.email === undefined ? { ...idToken, ...(await fetchUserInfo(client, tokens.access_token, idToken.sub)) } : idToken;
    } catch (error) {
      // openid-client's message names the check that failed (iss, aud, nonce, exp, signature); it carries no secret.
      logger.warn(
        { accountId: provider.accountId, err: { name: (error as Error).name, code: (error as { code?: string }).code, message: (error as Error).message } },
        'identity provider answer refused',
      );
      throw new Refused('rejected', null, null, provider.accountId);
    }
    const contact = await contactFor(provider, claims, meta);
    const block = await findSignInBlock(db, contact.id);
    if (block) throw new Refused(block.kind, contact.email, contact.id, contact.accountId);
    const completion = await issueOneTimeToken(db, {
      purpose: 'identity_provider',
      contactId: contact.id,
      ttlMs: COMPLETION_CODE_TTL_MS,
      createdBy: 'identity-provider',
    });
    // In the fragment: it never reaches a server's log or another site's Referer.
    return `${config.publicUrl}/login/identity-provider#code=${encodeURIComponent(completion.token)}`;
  }

  return {
    /** The sign-in page's "Sign in with <name>" for an e-mail domain; null when no account's identity provider serves it. */
    async lookup(domain: string): Promise<IdentityProviderOption | null> {
      const provider = await findIdentityProviderByDomain(db, domain);
      if (!provider) return null;
      return { name: provider.displayName, start_url: `/api/crm/auth/identity-provider/start?domain=${encodeURIComponent(domain.toLowerCase())}` };
    },

    /** Where the browser goes to sign in: the identity provider's authorization endpoint, or the sign-in page with why not. */
    async start(domain: string, loginHint: string | undefined, meta: ClientMeta): Promise<string> {
      const provider = await findIdentityProviderByDomain(db, domain);
      if (!provider) return signInPage('no_identity_provider');
      let client: oidc.Configuration;
      try {
        client = await clientOf(provider);
      } catch (error) {
        logger.warn(
          { accountId: provider.accountId, err: { name: (error as Error).name, message: (error as Error).message } },
          'identity provider unreachable',
        );
        return refuse(new Refused('unavailable', null, null, provider.accountId), meta);
      }
      const { randomState, randomNonce, randomPKCECodeVerifier, buildAuthorizationUrl, calculatePKCECodeChallenge } = await openIdClient();
      const state = randomState();
      const nonce = randomNonce();
      const codeVerifier = randomPKCECodeVerifier();
      await insertPendingSignIn(db, { state, accountId: provider.accountId, nonce, codeVerifier, expiresAt: new Date(Date.now() + PENDING_SIGN_IN_TTL_MS) });
      const url = buildAuthorizationUrl(client, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return url.href;
    },

    /**
     * The identity provider's redirect back: a one-time code for the web app, or the sign-in page with the refusal's
     * reason. Every refusal is a failed sign-in: recorded with its reason, and counted in the address's windows.
     */
    async callback(query: { state?: string; error?: string }, rawQuery: string, meta: ClientMeta): Promise<string> {
      try {
        return await finish(new URL(`${redirectUri}${rawQuery}`), query.state, query.error, meta);
      } catch (error) {
        if (error instanceof Refused) return refuse(error, meta);
        throw error;
      }
    },

    /** The web app's exchange of the callback's one-time code for the sign-in's session (its block checked again). */
    async complete(code: string, meta: ClientMeta): Promise<LoginResult> {
      const used = await redeemOneTimeToken(db, 'identity_provider', code);
      if (!used) throw new AppError('unauthenticated', COMPLETION_EXPIRED);
      return sessions.signInVerified(used.contact, meta, 'identity_provider');
    },
  };
}
export type IdentityProviderSignIn = ReturnType<typeof createIdentityProviderSignIn>;
