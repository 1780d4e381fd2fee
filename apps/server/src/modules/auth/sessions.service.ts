import {
  SECOND_FACTOR_WINDOW_SECONDS,
  type CurrentUser,
  type RecoveryCodes,
  type TotpEnrolment,
  type LoginResult,
  type SecondFactorInput,
  type TwoFactorChallenge,
} from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { PortalMetrics } from '../../platform/metrics.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import { randomToken, type TokenService } from '../../platform/tokens.js';
import { contactActor, SYSTEM, VISITOR } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  INVALID_IMPERSONATION,
  LOGIN_FAILED,
  SESSION_EXPIRED,
  accountSuspended,
  CONTACT_DEACTIVATED,
  THROTTLE,
  SECOND_FACTOR_EXPIRED,
  WRONG_RECOVERY_CODE,
  WRONG_TOTP_CODE,
} from './auth.messages.js';
import { consumeOneTimeToken, findContactByEmail, findContactById, findSignInBlock, type ContactWithAccount } from './auth.repository.js';
import type { Caller } from './caller.js';
import type { PasswordStore } from './passwords.js';
import { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.js';
import { hasPasskey } from './passkeys.repository.js';
import { findPendingSignIn, hasConfirmedAuthenticator, recoveryCodesLeft, twoFactorRequired, useRecoveryCode } from './two-factor.repository.js';
import { beginEnrolment, confirmEnrolment, verifyTotp } from './two-factor.js';
import { findRefreshToken, isNewBrowser, revokeSession, revokeSessionsOfContacts, rotateRefreshToken, startSession } from './sessions.repository.js';
import { addressWindow, createThrottle, minutesWord, signInFailuresKey, tooManySignInAttempts, usernameWindow } from './throttle.js';

/** Ends every sign-in of the contacts in the caller's transaction (the provider deactivating contacts). */
export const endContactSessions = (tx: Executor, contactIds: readonly number[]): Promise<void> => revokeSessionsOfContacts(tx, contactIds);

/** An impersonation link works once, within a minute. */
export const IMPERSONATION_TOKEN_TTL_MS = 60 * 1000;

export interface SessionsServiceDeps {
  db: Database;
  tokens: TokenService;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
  metrics: Pick<PortalMetrics, 'signIns' | 'signInsRefused' | 'throttled'>;
  events: EventRecorder;
  /** The contacts' passwords, kept by the users module (passwords.ts). */
  passwords: PasswordStore;
  /** Opens the sealed TOTP secrets (the vault's key ring, platform/secret-box.ts). */
  vault: VaultKeyRing;
}

/**
 * Sign-ins (decision 0006): signing in and out, refreshing, impersonation by the provider's
 * staff, the current user, and the password check before a change of the sign-in e-mail. The
 * service issues both tokens: a short-lived signed access token and a random refresh token that
 * rotates on every use (the repository keeps only its hash).
 */
export function createSessionsService({ db, tokens, config, metrics, events, passwords, vault }: SessionsServiceDeps) {
  const throttle = createThrottle(db, () => metrics.throttled.inc({ limit: 'sign_in' }));
  // Verified against when the username is unknown, so both answers take the same time.
  const decoyHash = hashPassword(randomToken());

  async function issueSession(contact: ContactWithAccount, meta: ClientMeta, impersonatedBy: string | null = null): Promise<LoginResult> {
    const refreshToken = randomToken();
    const { sessionId } = await startSession(db, { contactId: contact.id, refreshToken, impersonatedBy, meta });
    return loginResult(contact, sessionId, refreshToken, impersonatedBy);
  }

  async function loginResult(contact: ContactWithAccount, sessionId: string, refreshToken: string, impersonatedBy: string | null): Promise<LoginResult> {
    const access = await tokens.signAccessToken({ contactId: contact.id, accountId: contact.accountId, sessionId });
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      token: access.token,
      exp: Math.floor(access.expiresAt.getTime() / 1000),
      expireDate: access.expiresAt.toISOString(),
      pk: contact.id,
      id: contact.id,
      email: contact.email,
      firstname: contact.firstname,
      lastname: contact.lastname,
      admin_group: contact.adminGroup,
      billing_group: contact.billingGroup,
      technical_group: contact.technicalGroup,
      time_zone: contact.timeZone,
      ui_color_mode: contact.uiColorMode,
      account_id: contact.accountId,
      account: { billing_api_id: contact.billingApiId, name: contact.accountName },
      impersonated_by: impersonatedBy,
    };
  }

  /** The contact of a pending sign-in who must set up a second factor now (the account's policy, none yet). */
  async function pendingEnrolment(pendingToken: string): Promise<ContactWithAccount> {
    const contactId = await findPendingSignIn(db, pendingToken);
    const contact = contactId ? await findContactById(db, contactId) : undefined;
    if (!contact || (await findSignInBlock(db, contact.id))) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
    if ((await hasConfirmedAuthenticator(db, contact.id)) || (await hasPasskey(db, contact.id)) || !(await twoFactorRequired(db, contact.accountId))) {
      throw new AppError('conflict', 'This sign-in does not set up two-step sign-in. Please sign in again.');
    }
    return contact;
  }

  /** The username's and the address's windows at a sign-in's later steps, refused once either is full. */
  async function laterStepWindows(email: string, meta: ClientMeta) {
    const windows = [usernameWindow(email), addressWindow(meta)] as const;
    await throttle.refuseWhenOver([...windows], THROTTLE.loginWindowSeconds, tooManySignInAttempts);
    return windows;
  }

  /** A wrong code at a later step: counted in both windows like a wrong password, recorded, and the refusal metered. */
  async function countWrongCode(
    contact: ContactWithAccount,
    meta: ClientMeta,
    windows: Awaited<ReturnType<typeof laterStepWindows>>,
    failure: { method: 'totp' | 'recovery_code'; reason: 'wrong_code' | 'replayed_code'; purpose: 'sign_in' | 'enrolment' },
  ): Promise<void> {
    await throttle.count(
      windows.map((window) => window.key),
      THROTTLE.loginWindowSeconds,
    );
    await events.record(db, {
      type: 'auth.second_factor_failed',
      accountId: contact.accountId,
      actor: VISITOR,
      meta,
      data: { contact_id: contact.id, email: contact.email, ...failure },
    });
    metrics.signInsRefused.inc();
  }

  /** A suspended account or a deactivated contact: the refusal recorded and said (to one who proved who they are). */
  async function refuseBlocked(contact: ContactWithAccount, meta: ClientMeta, via?: 'passkey' | 'identity_provider'): Promise<void> {
    const block = await findSignInBlock(db, contact.id);
    if (!block) return;
    await events.record(db, {
      type: 'auth.sign_in_attempted',
      accountId: contact.accountId,
      actor: VISITOR,
      meta,
      data: { username: contact.email, outcome: 'denied', reason: block.kind, contact_id: contact.id, ...(via ? { via } : {}) },
    });
    throw new AppError('forbidden', block.kind === 'suspended' ? accountSuspended(block.reason, config.provider.supportEmail) : CONTACT_DEACTIVATED);
  }

  /** A sign-in that passed every check: its record, and its session. */
  async function signedIn(
    contact: ContactWithAccount,
    meta: ClientMeta,
    secondFactor?: 'totp' | 'recovery_code' | 'passkey',
    via?: 'passkey' | 'identity_provider',
  ): Promise<LoginResult> {
    await events.record(db, {
      type: 'auth.sign_in_attempted',
      accountId: contact.accountId,
      actor: VISITOR,
      meta,
      data: {
        username: contact.email,
        outcome: 'success',
        reason: null,
        contact_id: contact.id,
        // Read before this sign-in's session is written; the contact is told (issue 35).
        new_browser: await isNewBrowser(db, contact.id, meta.userAgent),
        ...(secondFactor ? { second_factor: secondFactor } : {}),
        ...(via ? { via } : {}),
      },
    });
    const session = await issueSession(contact, meta);
    metrics.signIns.inc();
    return session;
  }

  return {
    /**
     * Asks a signed-in contact for their password again before a change to how they sign in
     * (the e-mail). Wrong answers count as failed sign-ins of that username, so this is no way
     * around the sign-in throttle. Provider staff impersonating the contact cannot know it; their
     * change is recorded under their name instead.
     */
    async confirmPassword(
      caller: Caller,
      password: string | undefined,
      meta: ClientMeta,
      purpose: 'email_change' | 'password_change' | 'two_factor_disable' | 'recovery_codes_renew' = 'email_change',
    ): Promise<void> {
      if (caller.impersonatedBy) return;
      if (!password) throw new AppError('validation_failed', CURRENT_PASSWORD_REQUIRED, { current_password: CURRENT_PASSWORD_REQUIRED });
      const userKey = usernameWindow(caller.email);
      await throttle.refuseWhenOver(
        [userKey],
        THROTTLE.loginWindowSeconds,
        (minutes) => `Too many wrong passwords. Please wait ${minutesWord(minutes)} and try again, or reset your password.`,
      );
      const contact = await findContactByEmail(db, caller.email);
      const hash = contact?.id === caller.contactId ? await passwords.hashOf(db, contact.id) : null;
      if (hash && (await verifyPassword(hash, password))) return;
      await throttle.count([userKey.key], THROTTLE.loginWindowSeconds);
      await events.record(db, {
        type: 'auth.password_confirmation_failed',
        accountId: caller.accountId,
        actor: contactActor(caller),
        meta,
        data: { email: caller.email, contact_id: caller.contactId, purpose },
      });
      throw new AppError('validation_failed', CURRENT_PASSWORD_WRONG, { current_password: CURRENT_PASSWORD_WRONG });
    },

    async login(input: { username: string; password: string }, meta: ClientMeta): Promise<LoginResult | TwoFactorChallenge> {
      const username = input.username.trim().toLowerCase();
      const userKey = usernameWindow(username);
      const ipKey = addressWindow(meta);
      await throttle.refuseWhenOver(
        [userKey, ipKey],
        THROTTLE.loginWindowSeconds,
        (minutes) => `Too many failed sign-in attempts. Please wait ${minutesWord(minutes)} and try again, or reset your password.`,
      );

      const contact = await findContactByEmail(db, username);
      const hash = contact ? await passwords.hashOf(db, contact.id) : null;
      const valid = hash ? await verifyPassword(hash, input.password) : (await verifyPassword(await decoyHash, input.password), false);

      if (!contact || !valid) {
        await throttle.count([userKey.key, ipKey.key], THROTTLE.loginWindowSeconds);
        await events.record(db, {
          type: 'auth.sign_in_attempted',
          accountId: contact?.accountId ?? null,
          actor: VISITOR,
          meta,
          data: { username, outcome: 'failure', reason: contact ? 'wrong_password' : 'unknown_username', contact_id: contact?.id ?? null },
        });
        metrics.signInsRefused.inc();
        throw new AppError('unauthenticated', LOGIN_FAILED);
      }

      // With a second factor the failures are cleared only once it is given: else a known password would buy endless guesses.
      // A passkey is a second factor too (decision 0050).
      const totp = await hasConfirmedAuthenticator(db, contact.id);
      const passkey = await hasPasskey(db, contact.id);
      const twoFactor = totp || passkey;
      // The account requires a second factor and this user has none: they set one up before anything else.
      const mustEnrol = !twoFactor && (await twoFactorRequired(db, contact.accountId));
      if (!twoFactor && !mustEnrol) await throttle.clear(userKey.key);
      // Only a caller who knows the password learns that the account is suspended.
      await refuseBlocked(contact, meta);
      if (twoFactor || mustEnrol) {
        // No session yet (decision 0049): a single-use token that only the second step takes, for a few minutes.
        const pending = await issueOneTimeToken(db, {
          purpose: 'second_factor',
          contactId: contact.id,
          ttlMs: SECOND_FACTOR_WINDOW_SECONDS * 1000,
          createdBy: 'sign-in',
        });
        return {
          two_factor_required: true,
          pending_token: pending.token,
          expires_at: pending.expiresAt.toISOString(),
          methods: [...(totp ? (['totp', 'recovery_code'] as const) : []), ...(passkey ? (['passkey'] as const) : [])],
          ...(mustEnrol ? { enrolment_required: true } : {}),
        };
      }
      return signedIn(contact, meta);
    },

    /**
     * A sign-in's second step (decision 0049): the pending token from the password step, and a code from the
     * authenticator app (each code once) or an unused recovery code. Wrong codes count as failed sign-ins of the
     * username, so five of them lock it like five wrong passwords.
     */
    async completeSecondFactor(input: SecondFactorInput, meta: ClientMeta): Promise<LoginResult> {
      const contactId = await findPendingSignIn(db, input.pending_token);
      const contact = contactId ? await findContactById(db, contactId) : undefined;
      if (!contact) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
      const windows = await laterStepWindows(contact.email, meta);
      if (await findSignInBlock(db, contact.id)) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);

      const method = input.code !== undefined ? 'totp' : 'recovery_code';
      const outcome =
        input.code !== undefined
          ? await verifyTotp(db, vault, contact.id, input.code)
          : (await useRecoveryCode(db, contact.id, input.recovery_code ?? ''))
            ? 'ok'
            : 'wrong_code';
      if (outcome !== 'ok') {
        await countWrongCode(contact, meta, windows, { method, reason: outcome === 'replayed_code' ? 'replayed_code' : 'wrong_code', purpose: 'sign_in' });
        if (method === 'totp') throw new AppError('unauthenticated', WRONG_TOTP_CODE, { code: WRONG_TOTP_CODE });
        throw new AppError('unauthenticated', WRONG_RECOVERY_CODE, { recovery_code: WRONG_RECOVERY_CODE });
      }
      // The pending sign-in is used up here; a parallel second step that lost the race starts again.
      if (!(await consumeOneTimeToken(db, 'second_factor', input.pending_token))) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
      if (method === 'recovery_code') {
        await events.record(db, {
          type: 'auth.recovery_code_used',
          accountId: contact.accountId,
          actor: VISITOR,
          meta,
          data: { contact_id: contact.id, email: contact.email, firstname: contact.firstname, remaining: await recoveryCodesLeft(db, contact.id) },
        });
      }
      await throttle.clear(signInFailuresKey(contact.email));
      return signedIn(contact, meta, method);
    },

    /**
     * A sign-in's second step proven by one of the person's passkeys (decision 0050; passkey-sign-in.service.ts checked
     * the assertion): the pending sign-in is used up, the username's failures cleared, and the sign-in recorded with it.
     */
    async completeSecondFactorWithPasskey(pendingToken: string, contact: ContactWithAccount, meta: ClientMeta): Promise<LoginResult> {
      if (!(await consumeOneTimeToken(db, 'second_factor', pendingToken))) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
      await throttle.clear(signInFailuresKey(contact.email));
      return signedIn(contact, meta, 'passkey');
    },

    /** The pending sign-in of a user whose account requires a second factor they do not have yet: a new secret. */
    async startSignInEnrolment(pendingToken: string): Promise<TotpEnrolment> {
      const contact = await pendingEnrolment(pendingToken);
      return beginEnrolment(db, vault, config.provider.name, contact);
    },

    /** Its confirmation: the second factor is on, the recovery codes are shown once, and the sign-in completes. */
    async confirmSignInEnrolment(pendingToken: string, code: string, meta: ClientMeta): Promise<LoginResult & RecoveryCodes> {
      const contact = await pendingEnrolment(pendingToken);
      const windows = await laterStepWindows(contact.email, meta);
      // Wrong codes here count like any at the second step: the sign-in is not done until a code is right.
      const codes = await confirmEnrolment(db, vault, events, contact, code, { actor: VISITOR, meta, atSignIn: true }).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'validation_failed') {
          await countWrongCode(contact, meta, windows, { method: 'totp', reason: 'wrong_code', purpose: 'enrolment' });
        }
        throw error;
      });
      if (!(await consumeOneTimeToken(db, 'second_factor', pendingToken))) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
      await throttle.clear(signInFailuresKey(contact.email));
      return { ...(await signedIn(contact, meta, 'totp')), ...codes };
    },

    /**
     * A code from the signed-in caller's authenticator app, to turn the second factor off or renew the recovery codes. Wrong ones count as failed
     * sign-ins of the username, as a wrong current password does.
     */
    async confirmTotpCode(caller: Caller, code: string, meta: ClientMeta, purpose: 'disable' | 'recovery_codes_renew' = 'disable'): Promise<void> {
      const userKey = usernameWindow(caller.email);
      await throttle.refuseWhenOver(
        [userKey],
        THROTTLE.loginWindowSeconds,
        (minutes) => `Too many wrong codes. Please wait ${minutesWord(minutes)} and try again.`,
      );
      const outcome = await verifyTotp(db, vault, caller.contactId, code);
      if (outcome === 'ok') return;
      await throttle.count([userKey.key], THROTTLE.loginWindowSeconds);
      await events.record(db, {
        type: 'auth.second_factor_failed',
        accountId: caller.accountId,
        actor: contactActor(caller),
        meta,
        data: {
          contact_id: caller.contactId,
          email: caller.email,
          method: 'totp',
          reason: outcome === 'replayed_code' ? 'replayed_code' : 'wrong_code',
          purpose,
        },
      });
      throw new AppError('validation_failed', WRONG_TOTP_CODE, { code: WRONG_TOTP_CODE });
    },

    async refresh(refreshToken: string | undefined, meta: ClientMeta): Promise<LoginResult> {
      const current = refreshToken ? await findRefreshToken(db, refreshToken) : undefined;
      if (!current || current.revokedAt || current.familyExpiresAt <= new Date()) throw new AppError('unauthenticated', SESSION_EXPIRED);

      if (current.rotatedAt) {
        // A used refresh token came back: someone holds a stolen copy. End the whole sign-in.
        await revokeSession(db, current.familyId);
        await events.record(db, {
          type: 'auth.refresh_token_reused',
          accountId: null,
          actor: VISITOR,
          meta,
          data: { contact_id: current.contactId, session: current.familyId },
        });
        throw new AppError('unauthenticated', SESSION_EXPIRED);
      }
      if (current.expiresAt <= new Date()) throw new AppError('unauthenticated', SESSION_EXPIRED);

      const contact = await findContactById(db, current.contactId);
      if (!contact || (await findSignInBlock(db, contact.id))) throw new AppError('unauthenticated', SESSION_EXPIRED);
      // The service issues every token; the repository stores only its hash.
      const next = randomToken();
      const rotated = await inTransaction(db, (tx) => rotateRefreshToken(tx, current, next, meta));
      if (!rotated) {
        await revokeSession(db, current.familyId);
        throw new AppError('unauthenticated', SESSION_EXPIRED);
      }
      return loginResult(contact, current.familyId, next, current.impersonatedBy);
    },

    async logout(input: { refreshToken?: string; accessToken?: string }, meta: ClientMeta): Promise<void> {
      const fromRefresh = input.refreshToken ? await findRefreshToken(db, input.refreshToken) : undefined;
      const fromAccess = input.accessToken ? await tokens.verifyAccessToken(input.accessToken) : undefined;
      const sessionId = fromRefresh?.familyId ?? fromAccess?.sessionId;
      const contactId = fromRefresh?.contactId ?? fromAccess?.contactId;
      if (!sessionId) return; // signing out twice, or with nothing, is still a success
      await revokeSession(db, sessionId);
      await events.record(db, { type: 'auth.signed_out', accountId: null, actor: VISITOR, meta, data: { contact_id: contactId ?? null } });
    },

    async impersonationLogin(token: string, meta: ClientMeta): Promise<LoginResult> {
      const used = await redeemOneTimeToken(db, 'impersonation', token);
      const contact = used?.contact;
      if (!used || !contact) {
        await events.record(db, {
          type: 'auth.impersonation_sign_in',
          accountId: null,
          actor: VISITOR,
          meta,
          data: { outcome: 'failure', staff: null, contact_id: null, impersonated: null },
        });
        throw new AppError('unauthenticated', INVALID_IMPERSONATION);
      }
      const staff = used.createdBy ?? 'provider staff';
      await events.record(db, {
        type: 'auth.impersonation_sign_in',
        accountId: contact.accountId,
        actor: VISITOR,
        meta,
        data: { outcome: 'success', staff, contact_id: contact.id, impersonated: contact.email },
      });
      return issueSession(contact, meta, staff);
    },

    /** For the provider's staff (CLI): a portal URL that signs in as the contact once, within a minute. */
    async issueImpersonationUrl(email: string, staff: string): Promise<{ url: string; expiresAt: Date; contact: ContactWithAccount }> {
      const contact = await findContactByEmail(db, email);
      if (!contact) throw new AppError('not_found', `No contact has the e-mail address ${email}`);
      const { token, expiresAt } = await issueOneTimeToken(db, {
        purpose: 'impersonation',
        contactId: contact.id,
        ttlMs: IMPERSONATION_TOKEN_TTL_MS,
        createdBy: staff,
      });
      await events.record(db, {
        type: 'auth.impersonation_issued',
        accountId: contact.accountId,
        actor: SYSTEM,
        data: { staff, contact_id: contact.id, impersonated: contact.email },
      });
      return { url: `${config.publicUrl}/apps?token=${encodeURIComponent(token)}`, expiresAt, contact };
    },

    /**
     * A sign-in proven without a password (issue 37): a discoverable passkey, or the account's own identity provider.
     * The proof was checked by its own service; here the contact's block is checked, the sign-in recorded and its session
     * issued, as for any other. A deleted contact has no row and never reaches this.
     */
    async signInVerified(contact: ContactWithAccount, meta: ClientMeta, via: 'passkey' | 'identity_provider'): Promise<LoginResult> {
      await refuseBlocked(contact, meta, via);
      await throttle.clear(signInFailuresKey(contact.email));
      return signedIn(contact, meta, undefined, via);
    },

    currentUser(caller: Caller): CurrentUser {
      return {
        pk: caller.contactId,
        email: caller.email,
        firstname: caller.firstname,
        lastname: caller.lastname,
        admin_group: caller.adminGroup,
        billing_group: caller.billingGroup,
        technical_group: caller.technicalGroup,
        time_zone: caller.timeZone,
        account_id: caller.accountId,
        account: { billing_api_id: caller.account.billingApiId, name: caller.account.name },
        impersonated_by: caller.impersonatedBy,
      };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
