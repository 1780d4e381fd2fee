import type { LoginResult, PasskeyAssertion, PasskeyCeremony } from '@portal/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { VISITOR } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { PortalMetrics } from '../../platform/metrics.js';
import { findContactById, findSignInBlock, type ContactWithAccount } from './auth.repository.js';
import { PASSKEY_REFUSED, SECOND_FACTOR_EXPIRED, THROTTLE } from './auth.messages.js';
import { beginAuthentication, relyingPartyOf, verifyAssertion, type AssertionRefusal } from './passkeys.js';
import { listPasskeys } from './passkeys.repository.js';
import type { SessionsService } from './sessions.service.js';
import { addressWindow, createThrottle, tooManySignInAttempts, usernameWindow } from './throttle.js';
import { findPendingSignIn } from './two-factor.repository.js';

export interface PasskeySignInDeps {
  db: Database;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
  events: EventRecorder;
  metrics: Pick<PortalMetrics, 'signInsRefused' | 'throttled'>;
  sessions: Pick<SessionsService, 'signInVerified' | 'completeSecondFactorWithPasskey'>;
}

/**
 * Signing in with a passkey (issue 37, decision 0050): alone, with any discoverable passkey registered here, or as the
 * second step of a password sign-in, with one of that person's. A refused assertion (unknown, another person's, badly
 * signed, over a used or expired challenge, or with a counter that went back) is a failed sign-in: one message, counted
 * in the address's window and, once the passkey names them, the person's; recorded.
 */
export function createPasskeySignInService({ db, config, events, metrics, sessions }: PasskeySignInDeps) {
  const rp = relyingPartyOf(config);
  const throttle = createThrottle(db, () => metrics.throttled.inc({ limit: 'sign_in' }));

  async function refuse(meta: ClientMeta, reason: AssertionRefusal, contact: ContactWithAccount | undefined, purpose: 'sign_in' | 'second_factor') {
    await throttle.count([addressWindow(meta).key, ...(contact ? [usernameWindow(contact.email).key] : [])], THROTTLE.loginWindowSeconds);
    if (purpose === 'second_factor' && contact) {
      await events.record(db, {
        type: 'auth.second_factor_failed',
        accountId: contact.accountId,
        actor: VISITOR,
        meta,
        data: { contact_id: contact.id, email: contact.email, method: 'passkey', reason: 'passkey_refused', purpose: 'sign_in' },
      });
    } else {
      await events.record(db, {
        type: 'auth.sign_in_attempted',
        accountId: contact?.accountId ?? null,
        actor: VISITOR,
        meta,
        data: { username: contact?.email ?? '', outcome: 'failure', reason, contact_id: contact?.id ?? null, via: 'passkey' },
      });
    }
    metrics.signInsRefused.inc();
    return new AppError('unauthenticated', PASSKEY_REFUSED);
  }

  /** The pending sign-in's contact, while it may still take its second step. */
  async function pendingContact(pendingToken: string): Promise<ContactWithAccount> {
    const contactId = await findPendingSignIn(db, pendingToken);
    const contact = contactId ? await findContactById(db, contactId) : undefined;
    if (!contact || (await findSignInBlock(db, contact.id))) throw new AppError('unauthenticated', SECOND_FACTOR_EXPIRED);
    return contact;
  }

  return {
    /** No one is named: the browser offers whichever passkey of this site the person picks. */
    async begin(): Promise<PasskeyCeremony> {
      return beginAuthentication(db, rp, 'sign_in', null, []);
    },

    async complete(input: { token: string; credential: PasskeyAssertion }, meta: ClientMeta): Promise<LoginResult> {
      await throttle.refuseWhenOver([addressWindow(meta)], THROTTLE.loginWindowSeconds, tooManySignInAttempts);
      const outcome = await verifyAssertion(db, rp, 'sign_in', input.token, input.credential as AuthenticationResponseJSON);
      const contact = outcome.passkey ? await findContactById(db, outcome.passkey.contactId) : undefined;
      if (contact) await throttle.refuseWhenOver([usernameWindow(contact.email)], THROTTLE.loginWindowSeconds, tooManySignInAttempts);
      if (!outcome.ok || !contact) throw await refuse(meta, outcome.ok ? 'unknown_passkey' : outcome.reason, contact, 'sign_in');
      return sessions.signInVerified(contact, meta, 'passkey');
    },

    /** The second step's options: only the pending person's passkeys. */
    async beginSecondFactor(pendingToken: string): Promise<PasskeyCeremony> {
      const contact = await pendingContact(pendingToken);
      const allowed = await listPasskeys(db, contact.id);
      if (allowed.length === 0) throw new AppError('conflict', 'This sign-in has no passkey. Use another way to sign in.');
      return beginAuthentication(db, rp, 'second_factor', contact.id, allowed);
    },

    async completeSecondFactor(input: { pending_token: string; token: string; credential: PasskeyAssertion }, meta: ClientMeta): Promise<LoginResult> {
      const contact = await pendingContact(input.pending_token);
      await throttle.refuseWhenOver([usernameWindow(contact.email), addressWindow(meta)], THROTTLE.loginWindowSeconds, tooManySignInAttempts);
      const outcome = await verifyAssertion(db, rp, 'second_factor', input.token, input.credential as AuthenticationResponseJSON, contact.id);
      if (!outcome.ok) throw await refuse(meta, outcome.reason, contact, 'second_factor');
      return sessions.completeSecondFactorWithPasskey(input.pending_token, contact, meta);
    },
  };
}
export type PasskeySignInService = ReturnType<typeof createPasskeySignInService>;
