import type { CurrentUser, LoginResult } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/app-error.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { createRateLimiter } from '../../platform/rate-limiter.js';
import { randomToken, type TokenService } from '../../platform/tokens.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  consumeOneTimeToken,
  consumeResetToken,
  findContactByEmail,
  findContactById,
  insertOneTimeToken,
  insertResetToken,
  setPassword,
  type ContactWithAccount,
} from './auth.repository.js';
import type { Caller } from './caller.js';
import { passwordChangedMail, passwordResetMail } from './auth.mails.js';
import { passwordProblem } from './password-policy.js';
import { findRefreshToken, revokeContactSessions, revokeSession, rotateRefreshToken, startSession } from './sessions.repository.js';
import type { ClientMeta } from '../../platform/client-meta.js';

export const LOGIN_FAILED = 'Invalid username or password';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const INVALID_IMPERSONATION = 'Invalid token for impersonate login';
export const INVALID_RESET = 'This password reset link is invalid, expired or already used. Please request a new one.';
export const RESET_REQUESTED = 'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.';

/** Throttling: failures per username and per address in a 15-minute window; reset requests per hour. */
export const THROTTLE = {
  loginWindowSeconds: 15 * 60,
  loginFailuresPerUsername: 5,
  loginFailuresPerAddress: 30,
  resetWindowSeconds: 60 * 60,
  resetRequestsPerEmail: 3,
  resetRequestsPerAddress: 20,
} as const;
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change the e-mail address you sign in with.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const IMPERSONATION_TOKEN_TTL_MS = 60 * 1000;

export interface AuthServiceDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
  log: Logger;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, tokens, mailer, config, log }: AuthServiceDeps) {
  const limiter = createRateLimiter(db);
  // Verified against when the username is unknown, so both answers take the same time.
  const decoyHash = hashPassword(randomToken());

  async function issueSession(contact: ContactWithAccount, meta: ClientMeta, impersonatedBy: string | null = null): Promise<LoginResult> {
    const { sessionId, refreshToken } = await startSession(db, { contactId: contact.id, impersonatedBy, meta });
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

  async function refuseWhenThrottled(keys: Array<{ key: string; limit: number }>, windowSeconds: number, message: (minutes: number) => string) {
    for (const { key, limit } of keys) {
      const count = await limiter.peek(key, windowSeconds);
      if (count.hits >= limit) {
        const minutes = Math.ceil(count.retryAfterSeconds / 60);
        throw new AppError('rate_limited', message(minutes), undefined, { 'retry-after': String(count.retryAfterSeconds) });
      }
    }
  }

  function deliverLater(outboxId: number) {
    // After the commit and off the request path, so the answer takes the same time either way.
    setImmediate(() => void mailer.deliver(outboxId).catch((error: unknown) => log.error({ err: error }, 'mail delivery failed')));
  }

  return {
    /**
     * Asks a signed-in contact for their password again before a change to how they sign in
     * (the e-mail). Wrong answers count as failed sign-ins of that username, so this is no way
     * around the sign-in throttle. Provider staff impersonating the contact cannot know it; their
     * change is recorded under their name instead.
     */
    async confirmPassword(caller: Caller, password: string | undefined, meta: ClientMeta): Promise<void> {
      if (caller.impersonatedBy) return;
      if (!password) throw new AppError('validation_failed', CURRENT_PASSWORD_REQUIRED, { current_password: CURRENT_PASSWORD_REQUIRED });
      const userKey = { key: `login:user:${caller.email.toLowerCase()}`, limit: THROTTLE.loginFailuresPerUsername };
      await refuseWhenThrottled([userKey], THROTTLE.loginWindowSeconds, (minutes) =>
        `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      );
      const contact = await findContactByEmail(db, caller.email);
      if (contact?.passwordHash && contact.id === caller.contactId && (await verifyPassword(contact.passwordHash, password))) return;
      await limiter.hit(userKey.key, THROTTLE.loginWindowSeconds);
      await recordAudit(db, {
        action: 'auth.password_confirmation',
        outcome: 'failure',
        actor: caller.email,
        accountId: caller.accountId,
        contactId: caller.contactId,
        ...meta,
        details: { purpose: 'email_change' },
      });
      throw new AppError('validation_failed', CURRENT_PASSWORD_WRONG, { current_password: CURRENT_PASSWORD_WRONG });
    },

    async login(input: { username: string; password: string }, meta: ClientMeta): Promise<LoginResult> {
      const username = input.username.trim().toLowerCase();
      const userKey = { key: `login:user:${username}`, limit: THROTTLE.loginFailuresPerUsername };
      const ipKey = { key: `login:ip:${meta.ip ?? 'unknown'}`, limit: THROTTLE.loginFailuresPerAddress };
      await refuseWhenThrottled([userKey, ipKey], THROTTLE.loginWindowSeconds, (minutes) =>
        `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      );

      const contact = await findContactByEmail(db, username);
      const valid = contact?.passwordHash
        ? await verifyPassword(contact.passwordHash, input.password)
        : (await verifyPassword(await decoyHash, input.password), false);

      if (!contact || !valid) {
        await limiter.hit(userKey.key, THROTTLE.loginWindowSeconds);
        await limiter.hit(ipKey.key, THROTTLE.loginWindowSeconds);
        await recordAudit(db, {
          action: 'auth.login',
          outcome: 'failure',
          actor: username,
          accountId: contact?.accountId,
          contactId: contact?.id,
          ...meta,
          details: { reason: contact ? 'wrong_password' : 'unknown_username' },
        });
        throw new AppError('unauthenticated', LOGIN_FAILED);
      }

      await limiter.clear(userKey.key);
      await recordAudit(db, { action: 'auth.login', outcome: 'success', actor: contact.email, accountId: contact.accountId, contactId: contact.id, ...meta });
      return issueSession(contact, meta);
    },

    async refresh(refreshToken: string | undefined, meta: ClientMeta): Promise<LoginResult> {
      const current = refreshToken ? await findRefreshToken(db, refreshToken) : undefined;
      if (!current || current.revokedAt || current.familyExpiresAt <= new Date()) throw new AppError('unauthenticated', SESSION_EXPIRED);

      if (current.rotatedAt) {
        // A used refresh token came back: someone holds a stolen copy. End the whole sign-in.
        await revokeSession(db, current.familyId);
        await recordAudit(db, { action: 'auth.refresh_reuse', outcome: 'denied', actor: `contact:${current.contactId}`, contactId: current.contactId, ...meta, details: { session: current.familyId } });
        throw new AppError('unauthenticated', SESSION_EXPIRED);
      }
      if (current.expiresAt <= new Date()) throw new AppError('unauthenticated', SESSION_EXPIRED);

      const contact = await findContactById(db, current.contactId);
      if (!contact) throw new AppError('unauthenticated', SESSION_EXPIRED);
      const next = await db.transaction((tx) => rotateRefreshToken(tx, current, meta));
      if (!next) {
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
      await recordAudit(db, { action: 'auth.logout', outcome: 'success', actor: `contact:${contactId}`, contactId, ...meta });
    },

    async requestPasswordReset(email: string, meta: ClientMeta): Promise<void> {
      const address = email.trim().toLowerCase();
      await refuseWhenThrottled(
        [
          { key: `reset:email:${address}`, limit: THROTTLE.resetRequestsPerEmail },
          { key: `reset:ip:${meta.ip ?? 'unknown'}`, limit: THROTTLE.resetRequestsPerAddress },
        ],
        THROTTLE.resetWindowSeconds,
        (minutes) => `Too many password reset requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
      await limiter.hit(`reset:email:${address}`, THROTTLE.resetWindowSeconds);
      await limiter.hit(`reset:ip:${meta.ip ?? 'unknown'}`, THROTTLE.resetWindowSeconds);

      const contact = await findContactByEmail(db, address);
      await recordAudit(db, {
        action: 'auth.password_reset_requested',
        outcome: contact ? 'success' : 'failure',
        actor: address,
        accountId: contact?.accountId,
        contactId: contact?.id,
        ...meta,
      });
      if (!contact) return;

      const token = randomToken();
      // The link comes from configuration, never from the request's Host header.
      const link = `${config.publicUrl}/page-change-password?token=${encodeURIComponent(token)}`;
      const outboxId = await db.transaction(async (tx) => {
        await insertResetToken(tx, { contactId: contact.id, token, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS), ip: meta.ip });
        return mailer.enqueue(tx, passwordResetMail({ to: contact.email, firstname: contact.firstname, link, providerName: config.provider.name, supportEmail: config.provider.supportEmail }));
      });
      deliverLater(outboxId);
    },

    async changePasswordWithResetToken(resetToken: string | undefined, password: string, meta: ClientMeta): Promise<void> {
      if (!resetToken) throw new AppError('unauthenticated', INVALID_RESET);
      // Errors thrown inside the transaction roll it back, so a refused password does not use up the link.
      const outboxId = await db.transaction(async (tx) => {
        const contactId = await consumeResetToken(tx, resetToken);
        const contact = contactId ? await findContactById(tx, contactId) : undefined;
        if (!contact) throw new AppError('unauthenticated', INVALID_RESET);
        const problem = passwordProblem(password, { email: contact.email });
        if (problem) throw new AppError('validation_failed', problem, { password: problem });
        await setPassword(tx, contact.id, await hashPassword(password));
        await revokeContactSessions(tx, contact.id);
        await recordAudit(tx, { action: 'auth.password_changed', outcome: 'success', actor: contact.email, accountId: contact.accountId, contactId: contact.id, ...meta, details: { via: 'reset_link' } });
        return mailer.enqueue(tx, passwordChangedMail({ to: contact.email, firstname: contact.firstname, providerName: config.provider.name, supportEmail: config.provider.supportEmail, supportPhone: config.provider.supportPhone }));
      });
      deliverLater(outboxId);
    },

    async impersonationLogin(token: string, meta: ClientMeta): Promise<LoginResult> {
      const used = await consumeOneTimeToken(db, 'impersonation', token);
      const contact = used ? await findContactById(db, used.contactId) : undefined;
      if (!used || !contact) {
        await recordAudit(db, { action: 'auth.impersonation_login', outcome: 'failure', actor: 'unknown', ...meta });
        throw new AppError('unauthenticated', INVALID_IMPERSONATION);
      }
      const staff = used.createdBy ?? 'provider staff';
      await recordAudit(db, {
        action: 'auth.impersonation_login',
        outcome: 'success',
        actor: staff,
        accountId: contact.accountId,
        contactId: contact.id,
        ...meta,
        details: { impersonated: contact.email },
      });
      return issueSession(contact, meta, staff);
    },

    /** For the provider's staff (CLI): a portal URL that signs in as the contact once, within a minute. */
    async issueImpersonationUrl(email: string, staff: string): Promise<{ url: string; expiresAt: Date; contact: ContactWithAccount }> {
      const contact = await findContactByEmail(db, email);
      if (!contact) throw new AppError('not_found', `No contact has the e-mail address ${email}`);
      const token = randomToken();
      const expiresAt = new Date(Date.now() + IMPERSONATION_TOKEN_TTL_MS);
      await insertOneTimeToken(db, { purpose: 'impersonation', contactId: contact.id, token, expiresAt, createdBy: staff });
      await recordAudit(db, { action: 'auth.impersonation_issued', outcome: 'success', actor: staff, accountId: contact.accountId, contactId: contact.id, details: { impersonated: contact.email } });
      return { url: `${config.publicUrl}/apps?token=${encodeURIComponent(token)}`, expiresAt, contact };
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
