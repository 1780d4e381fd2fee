import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { PortalMetrics } from '../../platform/metrics.js';
import { hashPassword } from '../../platform/password.js';
import { randomToken } from '../../platform/tokens.js';
import { VISITOR } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { INVALID_RESET, THROTTLE } from './auth.messages.js';
import { consumeResetToken, findContactByEmail, findContactById, insertResetTokens } from './auth.repository.js';
import type { PasswordStore } from './passwords.js';
import { passwordProblem } from './password-policy.js';
import { revokeContactSessions } from './sessions.repository.js';
import { createThrottle, minutesWord } from './throttle.js';

/** A reset link works for an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * A single-use link to /page-change-password that lets its contact choose a password: for a
 * forgotten password here, and for a new user's invitation. Only the token's hash is stored; a new
 * link replaces any earlier one still unused. The address comes from configuration, never from the
 * request's Host header.
 */
export async function issuePasswordLink(
  executor: Executor,
  input: { contactId: number; ttlMs: number; ip: string | null; publicUrl: string },
): Promise<string> {
  const [link] = await issuePasswordLinks(executor, { ...input, contactIds: [input.contactId] });
  return link!;
}

/** `issuePasswordLink` for several contacts at once (a bulk import's invitations): their links in the order given. */
export async function issuePasswordLinks(
  executor: Executor,
  input: { contactIds: readonly number[]; ttlMs: number; ip: string | null; publicUrl: string },
): Promise<string[]> {
  const expiresAt = new Date(Date.now() + input.ttlMs);
  const tokens = input.contactIds.map((contactId) => ({ contactId, token: randomToken(), expiresAt, ip: input.ip }));
  await insertResetTokens(executor, tokens);
  return tokens.map(({ token }) => `${input.publicUrl}/page-change-password?token=${encodeURIComponent(token)}`);
}

export interface PasswordResetServiceDeps {
  db: Database;
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
  metrics: Pick<PortalMetrics, 'throttled'>;
  /** The contacts' passwords, kept by the users module (passwords.ts). */
  passwords: PasswordStore;
}

/** Forgotten passwords (decision 0006): the e-mailed link, and choosing a new password with it. */
export function createPasswordResetService({ db, events, config, metrics, passwords }: PasswordResetServiceDeps) {
  const throttle = createThrottle(db, () => metrics.throttled.inc({ limit: 'password_reset' }));

  return {
    async requestPasswordReset(email: string, meta: ClientMeta): Promise<void> {
      const address = email.trim().toLowerCase();
      await throttle.refuseWhenOver(
        [
          { key: `reset:email:${address}`, limit: THROTTLE.resetRequestsPerEmail },
          { key: `reset:ip:${meta.ip ?? 'unknown'}`, limit: THROTTLE.resetRequestsPerAddress },
        ],
        THROTTLE.resetWindowSeconds,
        (minutes) => `Too many password reset requests. Please wait ${minutesWord(minutes)} and try again.`,
      );
      await throttle.count([`reset:email:${address}`, `reset:ip:${meta.ip ?? 'unknown'}`], THROTTLE.resetWindowSeconds);

      const contact = await findContactByEmail(db, address);
      if (!contact) {
        await events.record(db, { type: 'auth.password_reset_requested', accountId: null, actor: VISITOR, meta, data: { email: address, contact: null } });
        return;
      }
      await inTransaction(db, async (tx) => {
        const link = await issuePasswordLink(tx, { contactId: contact.id, ttlMs: RESET_TOKEN_TTL_MS, ip: meta.ip, publicUrl: config.publicUrl });
        await events.record(tx, {
          type: 'auth.password_reset_requested',
          accountId: contact.accountId,
          actor: VISITOR,
          meta,
          data: { email: address, contact: { contact_id: contact.id, email: contact.email, firstname: contact.firstname } },
          secrets: { link },
        });
      });
    },

    async changePasswordWithResetToken(resetToken: string | undefined, password: string, meta: ClientMeta): Promise<void> {
      if (!resetToken) throw new AppError('unauthenticated', INVALID_RESET);
      // Errors thrown inside the transaction roll it back, so a refused password does not use up the link.
      await inTransaction(db, async (tx) => {
        const contactId = await consumeResetToken(tx, resetToken);
        const contact = contactId ? await findContactById(tx, contactId) : undefined;
        if (!contact) throw new AppError('unauthenticated', INVALID_RESET);
        const problem = await passwordProblem(password, { email: contact.email });
        if (problem) throw new AppError('validation_failed', problem, { password: problem });
        await passwords.set(tx, contact.id, await hashPassword(password));
        await revokeContactSessions(tx, contact.id);
        await events.record(tx, {
          type: 'auth.password_changed',
          accountId: contact.accountId,
          actor: VISITOR,
          meta,
          data: { contact_id: contact.id, email: contact.email, firstname: contact.firstname, via: 'reset_link' },
        });
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
