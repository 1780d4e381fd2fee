import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeTokens, recoveryCodes, signInPolicies, totpAuthenticators } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';

/** The second factor's rows (decision 0049): one authenticator per contact, and its recovery codes' hashes. */
export interface StoredAuthenticator {
  secretSealed: string;
  secretKeyId: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

export async function findAuthenticator(db: Executor, contactId: number): Promise<StoredAuthenticator | undefined> {
  const [row] = await db
    .select({
      secretSealed: totpAuthenticators.secretSealed,
      secretKeyId: totpAuthenticators.secretKeyId,
      confirmedAt: totpAuthenticators.confirmedAt,
      lastUsedStep: totpAuthenticators.lastUsedStep,
    })
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.contactId, contactId));
  return row;
}

/** Whether the contact signs in with a second factor (a confirmed authenticator). */
export async function hasConfirmedAuthenticator(db: Executor, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ contactId: totpAuthenticators.contactId })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.contactId, contactId), isNotNull(totpAuthenticators.confirmedAt)));
  return row !== undefined;
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one (false then). */
export async function writePendingAuthenticator(db: Executor, contactId: number, sealed: { secretSealed: string; secretKeyId: string }): Promise<boolean> {
  const rows = await db
    .insert(totpAuthenticators)
    .values({ contactId, ...sealed })
    .onConflictDoUpdate({
      target: totpAuthenticators.contactId,
      set: { ...sealed, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(totpAuthenticators.confirmedAt),
    })
    .returning({ contactId: totpAuthenticators.contactId });
  return rows.length > 0;
}

/**
 * Takes a code's 30-second step: only when it is later than the last one taken (a code is good once), and, for a
 * confirmation, only while the authenticator is unconfirmed. False when another request took it first.
 */
export async function takeStep(db: Executor, contactId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(totpAuthenticators)
    .set(confirm ? { lastUsedStep: step, confirmedAt: sql`now()` } : { lastUsedStep: step })
    .where(
      and(
        eq(totpAuthenticators.contactId, contactId),
        confirm ? isNull(totpAuthenticators.confirmedAt) : isNotNull(totpAuthenticators.confirmedAt),
        or(isNull(totpAuthenticators.lastUsedStep), lt(totpAuthenticators.lastUsedStep, step)),
      ),
    )
    .returning({ contactId: totpAuthenticators.contactId });
  return rows.length > 0;
}

export async function deleteSecondFactor(db: Executor, contactId: number): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.contactId, contactId));
  const rows = await db.delete(totpAuthenticators).where(eq(totpAuthenticators.contactId, contactId)).returning({ contactId: totpAuthenticators.contactId });
  return rows.length > 0;
}

/** A new set of recovery codes replaces any earlier one. */
export async function replaceRecoveryCodes(db: Executor, contactId: number, codes: readonly string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.contactId, contactId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ contactId, codeHash: hashToken(code) })));
}

/** Uses a recovery code up: true the first time it is given, false ever after (or for a code that is not the contact's). */
export async function useRecoveryCode(db: Executor, contactId: number, code: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.contactId, contactId), eq(recoveryCodes.codeHash, hashToken(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, contactId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.contactId, contactId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** A sign-in waiting for its second factor: its contact while the token is unused and unexpired (it is not used up here). */
export async function findPendingSignIn(db: Executor, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ contactId: oneTimeTokens.contactId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, 'second_factor'),
        isNull(oneTimeTokens.usedAt),
        sql`${oneTimeTokens.expiresAt} > now()`,
      ),
    );
  return row?.contactId;
}

/** Every authenticator's sealed secret, for `vault-rekey`. */
export async function sealedSecrets(db: Executor): Promise<Array<{ contactId: number; secretSealed: string; secretKeyId: string }>> {
  return db
    .select({ contactId: totpAuthenticators.contactId, secretSealed: totpAuthenticators.secretSealed, secretKeyId: totpAuthenticators.secretKeyId })
    .from(totpAuthenticators);
}

export async function writeSealedSecret(db: Executor, contactId: number, secretSealed: string, secretKeyId: string): Promise<void> {
  await db.update(totpAuthenticators).set({ secretSealed, secretKeyId }).where(eq(totpAuthenticators.contactId, contactId));
}

/** Whether the account requires every user to sign in with a second factor (no row: no). */
export async function twoFactorRequired(db: Executor, accountId: number): Promise<boolean> {
  const [row] = await db.select({ required: signInPolicies.twoFactorRequired }).from(signInPolicies).where(eq(signInPolicies.accountId, accountId));
  return row?.required ?? false;
}

export async function writeTwoFactorRequired(db: Executor, accountId: number, required: boolean): Promise<void> {
  await db
    .insert(signInPolicies)
    .values({ accountId, twoFactorRequired: required })
    .onConflictDoUpdate({ target: signInPolicies.accountId, set: { twoFactorRequired: required, updatedAt: sql`now()` } });
}
