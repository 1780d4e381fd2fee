import Bowser from 'bowser';
import type { PasswordChangeInput, SignInSession } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { hashPassword } from '../../platform/password.js';
import type { Caller } from './caller.js';
import { passwordProblem } from './password-policy.js';
import type { PasswordStore } from './passwords.js';
import { liveSessionsOf, revokeContactSession, revokeOtherContactSessions } from './sessions.repository.js';

export const IMPERSONATED_PASSWORD_CHANGE = 'Signed in as this person for support, you cannot change their password. They can, or reset it by e-mail.';
export const SAME_PASSWORD = 'Choose a password other than your current one.';

/** "Chrome 142 on Windows 11", read by a well-kept parser (Bowser); null when the user agent names neither. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' ');
  if (!browser && !system) return null;
  return browser && system ? `${browser} on ${system}` : browser || system;
}

export interface AccountSecurityDeps {
  db: Database;
  events: EventRecorder;
  passwords: PasswordStore;
  /** The sign-in check of the current password (sessions.service.ts: wrong answers count as failed sign-ins). */
  confirmPassword: (caller: Caller, password: string, meta: ClientMeta, purpose: 'password_change') => Promise<void>;
}

/** Profile → Security (issue 37): the caller's own sign-ins, and their password while signed in. */
export function createAccountSecurityService({ db, events, passwords, confirmPassword }: AccountSecurityDeps) {
  const byCaller = (caller: Caller, meta: ClientMeta) => ({ accountId: caller.accountId, actor: contactActor(caller), meta });

  return {
    async sessions(caller: Caller): Promise<SignInSession[]> {
      return (await liveSessionsOf(db, caller.contactId)).map((session) => ({
        id: session.id,
        current: session.id === caller.sessionId,
        started_at: session.startedAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        ip: session.ip,
        browser: browserOf(session.userAgent),
        impersonated_by: session.impersonatedBy,
      }));
    },

    /** Another browser's sign-in of the caller ends at once (its access token is refused on its next request). */
    async endSession(caller: Caller, sessionId: string, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        if (!(await revokeContactSession(tx, caller.contactId, sessionId))) throw notFound('The sign-in');
        await events.record(tx, {
          type: 'auth.sessions_ended',
          ...byCaller(caller, meta),
          data: { contact_id: caller.contactId, email: caller.email, ended: 1, which: 'one' },
        });
      });
    },

    async endOtherSessions(caller: Caller, meta: ClientMeta): Promise<{ signed_out: number }> {
      return inTransaction(db, async (tx) => {
        const ended = await revokeOtherContactSessions(tx, caller.contactId, caller.sessionId);
        if (ended > 0) {
          await events.record(tx, {
            type: 'auth.sessions_ended',
            ...byCaller(caller, meta),
            data: { contact_id: caller.contactId, email: caller.email, ended, which: 'others' },
          });
        }
        return { signed_out: ended };
      });
    },

    /**
     * The current password (counted like a sign-in when wrong), a new one by the same rules as a reset, then every
     * other sign-in ends and the person is told by mail (the `auth.password_changed` event's consumer).
     */
    async changePassword(caller: Caller, input: PasswordChangeInput, meta: ClientMeta): Promise<void> {
      if (caller.impersonatedBy) throw new AppError('forbidden', IMPERSONATED_PASSWORD_CHANGE);
      await confirmPassword(caller, input.current_password, meta, 'password_change');
      if (input.new_password === input.current_password) throw new AppError('validation_failed', SAME_PASSWORD, { new_password: SAME_PASSWORD });
      const problem = await passwordProblem(input.new_password, { email: caller.email });
      if (problem) throw new AppError('validation_failed', problem, { new_password: problem });
      const hash = await hashPassword(input.new_password);
      await inTransaction(db, async (tx) => {
        await passwords.set(tx, caller.contactId, hash);
        await revokeOtherContactSessions(tx, caller.contactId, caller.sessionId);
        await events.record(tx, {
          type: 'auth.password_changed',
          ...byCaller(caller, meta),
          data: { contact_id: caller.contactId, email: caller.email, firstname: caller.firstname, via: 'profile' },
        });
      });
    },
  };
}
export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
