import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountDirectory, contactDirectory, oneTimeTokens, passwordResetTokens } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';

/**
 * A contact with its account's name and billing id: the one projection sign-ins and callers read, from the users and
 * accounts modules' published views (decision 0042). The password is the users module's, asked through PasswordStore.
 */
export const contactWithAccount = {
  id: contactDirectory.id,
  externalId: contactDirectory.externalId,
  accountId: contactDirectory.accountId,
  email: contactDirectory.email,
  firstname: contactDirectory.firstname,
  lastname: contactDirectory.lastname,
  adminGroup: contactDirectory.adminGroup,
  billingGroup: contactDirectory.billingGroup,
  technicalGroup: contactDirectory.technicalGroup,
  timeZone: contactDirectory.timeZone,
  uiColorMode: contactDirectory.uiColorMode,
  accountName: accountDirectory.name,
  billingApiId: accountDirectory.billingApiId,
};
export interface ContactWithAccount {
  id: number;
  externalId: string | null;
  accountId: number;
  email: string;
  firstname: string;
  lastname: string;
  adminGroup: boolean;
  billingGroup: boolean;
  technicalGroup: boolean;
  timeZone: string;
  uiColorMode: 'light' | 'dark' | 'auto';
  accountName: string;
  billingApiId: string | null;
}

export async function findContactByEmail(db: Executor, email: string): Promise<ContactWithAccount | undefined> {
  const [row] = await db
    .select(contactWithAccount)
    .from(contactDirectory)
    .innerJoin(accountDirectory, eq(accountDirectory.id, contactDirectory.accountId))
    .where(sql`lower(${contactDirectory.email}) = lower(${email.trim()})`);
  return row;
}

/** Why a contact may not sign in now, if anything stops them: their account suspended, or their user deactivated (provider API). */
export async function findSignInBlock(
  db: Executor,
  contactId: number,
): Promise<{ kind: 'suspended'; reason: string | null } | { kind: 'deactivated' } | undefined> {
  const [row] = await db
    .select({ status: accountDirectory.status, reason: accountDirectory.suspendedReason, deactivatedAt: contactDirectory.deactivatedAt })
    .from(contactDirectory)
    .innerJoin(accountDirectory, eq(accountDirectory.id, contactDirectory.accountId))
    .where(eq(contactDirectory.id, contactId));
  if (!row) return undefined;
  if (row.status === 'suspended') return { kind: 'suspended', reason: row.reason };
  if (row.deactivatedAt) return { kind: 'deactivated' };
  return undefined;
}

export async function findContactById(db: Executor, id: number): Promise<ContactWithAccount | undefined> {
  const [row] = await db
    .select(contactWithAccount)
    .from(contactDirectory)
    .innerJoin(accountDirectory, eq(accountDirectory.id, contactDirectory.accountId))
    .where(eq(contactDirectory.id, id));
  return row;
}

export async function insertResetToken(db: Executor, input: { contactId: number; token: string; expiresAt: Date; ip: string | null }): Promise<void> {
  await insertResetTokens(db, [input]);
}

/** Reset tokens of several contacts in two statements (a bulk import's invitations); each replaces its contact's earlier unused one. */
export async function insertResetTokens(
  db: Executor,
  inputs: readonly { contactId: number; token: string; expiresAt: Date; ip: string | null }[],
): Promise<void> {
  if (inputs.length === 0) return;
  // A new link replaces any earlier one still unused.
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        inArray(
          passwordResetTokens.contactId,
          inputs.map((input) => input.contactId),
        ),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  await db
    .insert(passwordResetTokens)
    .values(inputs.map((input) => ({ contactId: input.contactId, tokenHash: hashToken(input.token), expiresAt: input.expiresAt, ip: input.ip })));
}

/** Uses up a reset token: returns its contact if it was unused and unexpired, else undefined. */
export async function consumeResetToken(db: Executor, token: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ contactId: passwordResetTokens.contactId });
  return row?.contactId;
}

export async function findUsableResetToken(db: Executor, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ contactId: passwordResetTokens.contactId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)));
  return row?.contactId;
}

export type OneTimePurpose = 'impersonation' | 'app_launch' | 'second_factor' | 'identity_provider';

export async function insertOneTimeToken(
  db: Executor,
  input: { purpose: OneTimePurpose; contactId: number; token: string; expiresAt: Date; createdBy: string; payload?: Record<string, unknown> },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    purpose: input.purpose,
    contactId: input.contactId,
    tokenHash: hashToken(input.token),
    expiresAt: input.expiresAt,
    createdBy: input.createdBy,
    payload: input.payload ?? {},
  });
}

/** Uses up a one-time token of the given purpose; undefined if unknown, used, expired or of another purpose. */
export async function consumeOneTimeToken(db: Executor, purpose: OneTimePurpose, token: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ contactId: oneTimeTokens.contactId, createdBy: oneTimeTokens.createdBy, payload: oneTimeTokens.payload });
  return row;
}
