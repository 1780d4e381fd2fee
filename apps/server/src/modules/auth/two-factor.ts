import type { RecoveryCodes, SignInPolicy, TotpEnrolment, TwoFactorDisableInput, TwoFactorStatus } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor, type EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { findContactById } from './auth.repository.js';
import { deletePasskeysOf } from './passkeys.repository.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import type { Caller } from './caller.js';
import {
  deleteSecondFactor,
  findAuthenticator,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  sealedSecrets,
  takeStep,
  twoFactorRequired,
  writePendingAuthenticator,
  writeSealedSecret,
  writeTwoFactorRequired,
} from './two-factor.repository.js';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl, showRecoveryCode, stepOfCode } from './totp.js';

export const IMPERSONATED_TWO_FACTOR = 'Signed in as this person for support, you cannot change how they sign in.';
export const ALREADY_ON = 'Two-step sign-in is already on. Turn it off first to set up another authenticator.';
export const NOT_STARTED = 'Start setting up your authenticator app again.';
export const NOT_ON = 'Two-step sign-in is not on.';
export const NOT_ON_FOR_USER = 'This user does not sign in with two-step sign-in.';
export const RESET_YOUR_OWN = 'Turn your own two-step sign-in off in Profile → Security.';
export const WRONG_ENROLMENT_CODE = 'That code is not right. Check that the app shows this account, then enter its current 6-digit code.';

/**
 * A code of the contact's confirmed authenticator, taken once (decision 0049): its step must be later than the last
 * step taken, so a code seen over someone's shoulder is worth nothing after it was used.
 */
export async function verifyTotp(db: Executor, vault: VaultKeyRing, contactId: number, code: string): Promise<'ok' | 'wrong_code' | 'replayed_code'> {
  const stored = await findAuthenticator(db, contactId);
  if (!stored?.confirmedAt) return 'wrong_code';
  const step = stepOfCode(vault.open(stored.secretSealed, stored.secretKeyId), code);
  if (step === null) return 'wrong_code';
  return (await takeStep(db, contactId, step, false)) ? 'ok' : 'replayed_code';
}

/** Seals every authenticator's secret again under the current vault key (`npm run portal -- vault-rekey`, and at start-up). */
export async function resealTotpSecrets(db: Database, vault: VaultKeyRing): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = (await sealedSecrets(tx)).filter((row) => row.secretKeyId !== vault.current.id);
    for (const row of rows) await writeSealedSecret(tx, row.contactId, vault.current.seal(vault.open(row.secretSealed, row.secretKeyId)), vault.current.id);
    return rows.length;
  });
}

/** A new secret for the contact, kept sealed and unconfirmed until a code from the app proves it was stored there. */
export async function beginEnrolment(db: Executor, vault: VaultKeyRing, issuer: string, contact: { id: number; email: string }): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  if (!(await writePendingAuthenticator(db, contact.id, { secretSealed: vault.current.seal(secret), secretKeyId: vault.current.id }))) {
    throw new AppError('conflict', ALREADY_ON);
  }
  const uri = otpauthUri(secret, contact.email, issuer);
  return { otpauth_uri: uri, secret, qr_code: await qrCodeDataUrl(uri) };
}

/** The first code from the app turns the second factor on, and gives the recovery codes, in the clear this once. */
export async function confirmEnrolment(
  db: Database,
  vault: VaultKeyRing,
  events: EventRecorder,
  contact: { id: number; email: string; accountId: number },
  code: string,
  origin: EventOrigin & { atSignIn?: boolean },
): Promise<RecoveryCodes> {
  const stored = await findAuthenticator(db, contact.id);
  if (!stored) throw new AppError('conflict', NOT_STARTED);
  if (stored.confirmedAt) throw new AppError('conflict', ALREADY_ON);
  const step = stepOfCode(vault.open(stored.secretSealed, stored.secretKeyId), code);
  if (step === null) throw new AppError('validation_failed', WRONG_ENROLMENT_CODE, { code: WRONG_ENROLMENT_CODE });
  const codes = newRecoveryCodes();
  await inTransaction(db, async (tx) => {
    if (!(await takeStep(tx, contact.id, step, true))) throw new AppError('conflict', NOT_STARTED);
    await replaceRecoveryCodes(tx, contact.id, codes);
    await events.record(tx, {
      type: 'auth.two_factor_enabled',
      accountId: contact.accountId,
      actor: origin.actor,
      meta: origin.meta,
      data: { contact_id: contact.id, email: contact.email, method: 'totp', ...(origin.atSignIn ? { at_sign_in: true } : {}) },
    });
  });
  return { recovery_codes: codes.map(showRecoveryCode) };
}

export interface TwoFactorDeps {
  db: Database;
  vault: VaultKeyRing;
  events: EventRecorder;
  config: Pick<AppConfig, 'provider'>;
  /** The sign-in check of the current password (sessions.service.ts: wrong answers count as failed sign-ins). */
  confirmPassword: (caller: Caller, password: string, meta: ClientMeta, purpose: 'two_factor_disable' | 'recovery_codes_renew') => Promise<void>;
  /** The sign-in check of a code from the app (sessions.service.ts: wrong answers count as failed sign-ins). */
  confirmTotpCode: (caller: Caller, code: string, meta: ClientMeta, purpose?: 'disable' | 'recovery_codes_renew') => Promise<void>;
}

/** Profile → Security's second factor (issue 37, decision 0049): enrol a TOTP authenticator, and turn it off. */
export function createTwoFactorService({ db, vault, events, config, confirmPassword, confirmTotpCode }: TwoFactorDeps) {
  const refuseImpersonation = (caller: Caller) => {
    if (caller.impersonatedBy) throw new AppError('forbidden', IMPERSONATED_TWO_FACTOR);
  };

  return {
    async status(caller: Caller): Promise<TwoFactorStatus> {
      const stored = await findAuthenticator(db, caller.contactId);
      const on = Boolean(stored?.confirmedAt);
      return {
        totp: on,
        enabled_at: on ? stored!.confirmedAt!.toISOString() : null,
        recovery_codes_left: on ? await recoveryCodesLeft(db, caller.contactId) : 0,
      };
    },

    async startEnrolment(caller: Caller): Promise<TotpEnrolment> {
      refuseImpersonation(caller);
      return beginEnrolment(db, vault, config.provider.name, { id: caller.contactId, email: caller.email });
    },

    async confirmEnrolment(caller: Caller, code: string, meta: ClientMeta): Promise<RecoveryCodes> {
      refuseImpersonation(caller);
      return confirmEnrolment(db, vault, events, { id: caller.contactId, email: caller.email, accountId: caller.accountId }, code, {
        actor: contactActor(caller),
        meta,
      });
    },

    /** Off, with the current password or a code from the app; the recovery codes go with it, and the person is told by mail. */
    async disable(caller: Caller, input: TwoFactorDisableInput, meta: ClientMeta): Promise<void> {
      refuseImpersonation(caller);
      const stored = await findAuthenticator(db, caller.contactId);
      if (!stored?.confirmedAt) throw new AppError('conflict', NOT_ON);
      if (input.current_password !== undefined) await confirmPassword(caller, input.current_password, meta, 'two_factor_disable');
      else await confirmTotpCode(caller, input.code ?? '', meta);
      await inTransaction(db, async (tx) => {
        await deleteSecondFactor(tx, caller.contactId);
        await events.record(tx, {
          type: 'auth.two_factor_disabled',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: {
            contact_id: caller.contactId,
            email: caller.email,
            firstname: caller.firstname,
            via: input.current_password !== undefined ? 'password' : 'code',
          },
        });
      });
    },

    /**
     * Ten new recovery codes for the old ones (used up, or perhaps seen), with the same proof as turning it off: the
     * authenticator stays as it is. Shown once, like the first ones.
     */
    async renewRecoveryCodes(caller: Caller, input: TwoFactorDisableInput, meta: ClientMeta): Promise<RecoveryCodes> {
      refuseImpersonation(caller);
      const stored = await findAuthenticator(db, caller.contactId);
      if (!stored?.confirmedAt) throw new AppError('conflict', NOT_ON);
      if (input.current_password !== undefined) await confirmPassword(caller, input.current_password, meta, 'recovery_codes_renew');
      else await confirmTotpCode(caller, input.code ?? '', meta, 'recovery_codes_renew');
      const codes = newRecoveryCodes();
      await inTransaction(db, async (tx) => {
        await replaceRecoveryCodes(tx, caller.contactId, codes);
        await events.record(tx, {
          type: 'auth.recovery_codes_renewed',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { contact_id: caller.contactId, email: caller.email, via: input.current_password !== undefined ? 'password' : 'code' },
        });
      });
      return { recovery_codes: codes.map(showRecoveryCode) };
    },

    /**
     * An administrator turns off another user's second factor of their account (a lost phone and lost codes): the
     * authenticator, the recovery codes and the passkeys (decision 0050). The user's next sign-in is the password alone;
     * they are told by a security notice, which is always mailed.
     */
    async resetForUser(caller: Caller, contactId: number, meta: ClientMeta): Promise<void> {
      const contact = await findContactById(db, contactId);
      if (!contact || contact.accountId !== caller.accountId) throw notFound('The user');
      if (contact.id === caller.contactId) throw new AppError('conflict', RESET_YOUR_OWN);
      await inTransaction(db, async (tx) => {
        const hadTotp = await deleteSecondFactor(tx, contact.id);
        const passkeysRemoved = await deletePasskeysOf(tx, contact.id);
        if (!hadTotp && passkeysRemoved === 0) throw new AppError('conflict', NOT_ON_FOR_USER);
        await events.record(tx, {
          type: 'auth.two_factor_reset',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { contact_id: contact.id, email: contact.email, firstname: contact.firstname },
        });
      });
    },

    async policy(caller: Caller): Promise<SignInPolicy> {
      return { two_factor_required: await twoFactorRequired(db, caller.accountId) };
    },

    /** Users without a second factor are taken to set one up at their next sign-in; sessions already open go on. */
    async setPolicy(caller: Caller, required: boolean, meta: ClientMeta): Promise<SignInPolicy> {
      await inTransaction(db, async (tx) => {
        if ((await twoFactorRequired(tx, caller.accountId)) === required) return;
        await writeTwoFactorRequired(tx, caller.accountId, required);
        await events.record(tx, {
          type: 'auth.sign_in_policy_changed',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { two_factor_required: required },
        });
      });
      return { two_factor_required: required };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
