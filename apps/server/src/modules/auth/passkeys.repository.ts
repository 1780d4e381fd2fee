import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passkeyChallenges, passkeys, type PASSKEY_CHALLENGE_PURPOSES } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';

/** The passkeys' rows (decision 0050): the credentials, and the challenges of ceremonies under way. */
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

export interface StoredPasskey {
  id: number;
  contactId: number;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function insertChallenge(
  db: Executor,
  input: { token: string; purpose: PasskeyChallengePurpose; contactId: number | null; challenge: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passkeyChallenges).values({
    tokenHash: hashToken(input.token),
    purpose: input.purpose,
    contactId: input.contactId,
    challenge: input.challenge,
    expiresAt: input.expiresAt,
  });
}

/** Uses a ceremony's challenge up (whatever comes of its answer): undefined when unknown, used, expired or of another purpose. */
export async function takeChallenge(
  db: Executor,
  purpose: PasskeyChallengePurpose,
  token: string,
): Promise<{ contactId: number | null; challenge: string } | undefined> {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passkeyChallenges.tokenHash, hashToken(token)),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
        sql`${passkeyChallenges.expiresAt} > now()`,
      ),
    )
    .returning({ contactId: passkeyChallenges.contactId, challenge: passkeyChallenges.challenge });
  return row;
}

export async function listPasskeys(db: Executor, contactId: number): Promise<StoredPasskey[]> {
  return db.select().from(passkeys).where(eq(passkeys.contactId, contactId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function hasPasskey(db: Executor, contactId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.contactId, contactId)).limit(1);
  return row !== undefined;
}

export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** A new passkey; undefined when its credential id is registered already (to anyone). */
export async function insertPasskey(
  db: Executor,
  input: Pick<StoredPasskey, 'contactId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'deviceType' | 'backedUp' | 'name'>,
): Promise<StoredPasskey | undefined> {
  const [row] = await db.insert(passkeys).values(input).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row;
}

export async function renamePasskey(db: Executor, contactId: number, id: number, name: string): Promise<StoredPasskey | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.contactId, contactId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Executor, contactId: number, id: number): Promise<StoredPasskey | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.contactId, contactId)))
    .returning();
  return row;
}

export async function deletePasskeysOf(db: Executor, contactId: number): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.contactId, contactId)).returning({ id: passkeys.id })).length;
}

/**
 * Records a use: the authenticator's new counter and the time. Only from the counter this verification read, so of two
 * answers of one cloned key at once, one wins.
 */
export async function recordPasskeyUse(db: Executor, id: number, previousCount: number, newCount: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.signCount, previousCount)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
