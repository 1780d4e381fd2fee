import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identityProviderDomains, identityProviderRemovedUsers, identityProviderSignIns, identityProviders } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';

export interface IdentityProviderRow {
  accountId: number;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  clientSecretKeyId: string;
  allowJitUsers: boolean;
  createdAt: Date;
  updatedAt: Date;
  domains: string[];
}

const providerColumns = {
  accountId: identityProviders.accountId,
  displayName: identityProviders.displayName,
  issuer: identityProviders.issuer,
  clientId: identityProviders.clientId,
  clientSecretSealed: identityProviders.clientSecretSealed,
  clientSecretKeyId: identityProviders.clientSecretKeyId,
  allowJitUsers: identityProviders.allowJitUsers,
  createdAt: identityProviders.createdAt,
  updatedAt: identityProviders.updatedAt,
  // The outer table named in full: drizzle writes a lone table's column unqualified, which inside this subquery would
  // mean the subquery's own account_id (every account's domains).
  domains: sql<
    string[]
  >`coalesce((select array_agg(d.domain order by d.domain) from ${identityProviderDomains} d where d.account_id = ${identityProviders}."account_id"), '{}')`,
};

export async function findIdentityProviderOfAccount(db: Executor, accountId: number): Promise<IdentityProviderRow | undefined> {
  const [row] = await db.select(providerColumns).from(identityProviders).where(eq(identityProviders.accountId, accountId));
  return row;
}

export async function findIdentityProviderByDomain(db: Executor, domain: string): Promise<IdentityProviderRow | undefined> {
  const [row] = await db
    .select(providerColumns)
    .from(identityProviders)
    .innerJoin(identityProviderDomains, eq(identityProviderDomains.accountId, identityProviders.accountId))
    .where(eq(identityProviderDomains.domain, domain.toLowerCase()));
  return row;
}

/** The domains of the list that another account's identity provider serves already. */
export async function domainsOfOtherAccounts(db: Executor, accountId: number, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: identityProviderDomains.domain })
    .from(identityProviderDomains)
    .where(and(ne(identityProviderDomains.accountId, accountId), sql`${identityProviderDomains.domain} = any(${sql.param([...domains])}::text[])`));
  return rows.map((row) => row.domain);
}

export interface IdentityProviderWrite {
  displayName: string;
  issuer: string;
  clientId: string;
  /** Absent: the stored secret stays. */
  sealedSecret?: { sealed: string; keyId: string };
  allowJitUsers: boolean;
  domains: readonly string[];
}

/** Creates or replaces the account's identity provider and its domains; answers whether it was created. */
export async function writeIdentityProvider(tx: Executor, accountId: number, input: IdentityProviderWrite): Promise<boolean> {
  const existing = await tx.select({ id: identityProviders.id }).from(identityProviders).where(eq(identityProviders.accountId, accountId)).for('update');
  const values = { displayName: input.displayName, issuer: input.issuer, clientId: input.clientId, allowJitUsers: input.allowJitUsers };
  const secret = input.sealedSecret ? { clientSecretSealed: input.sealedSecret.sealed, clientSecretKeyId: input.sealedSecret.keyId } : {};
  if (existing.length === 0) {
    if (!input.sealedSecret) throw new Error('A new identity provider needs its client secret');
    await tx
      .insert(identityProviders)
      .values({ accountId, ...values, clientSecretSealed: input.sealedSecret.sealed, clientSecretKeyId: input.sealedSecret.keyId });
  } else {
    await tx
      .update(identityProviders)
      .set({ ...values, ...secret })
      .where(eq(identityProviders.accountId, accountId));
  }
  await tx.delete(identityProviderDomains).where(eq(identityProviderDomains.accountId, accountId));
  await tx.insert(identityProviderDomains).values(input.domains.map((domain) => ({ domain, accountId })));
  return existing.length === 0;
}

export async function deleteIdentityProvider(db: Executor, accountId: number): Promise<boolean> {
  const deleted = await db.delete(identityProviders).where(eq(identityProviders.accountId, accountId)).returning({ id: identityProviders.id });
  return deleted.length > 0;
}

export async function sealedClientSecrets(tx: Executor) {
  return tx
    .select({ accountId: identityProviders.accountId, sealed: identityProviders.clientSecretSealed, keyId: identityProviders.clientSecretKeyId })
    .from(identityProviders)
    .for('update');
}

export async function writeSealedClientSecret(tx: Executor, accountId: number, sealed: string, keyId: string): Promise<void> {
  await tx.update(identityProviders).set({ clientSecretSealed: sealed, clientSecretKeyId: keyId }).where(eq(identityProviders.accountId, accountId));
}

/** A sign-in on its way to the identity provider: its state is kept as a hash, its nonce and PKCE verifier as they are. */
export async function insertPendingSignIn(
  db: Executor,
  input: { state: string; accountId: number; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.insert(identityProviderSignIns).values({
    stateHash: hashToken(input.state),
    accountId: input.accountId,
    nonce: input.nonce,
    codeVerifier: input.codeVerifier,
    expiresAt: input.expiresAt,
  });
}

/** Uses the sign-in of a state up (once, whatever comes of it); undefined when unknown, used or expired. */
export async function takePendingSignIn(db: Executor, state: string) {
  const [row] = await db
    .update(identityProviderSignIns)
    .set({ usedAt: new Date() })
    .where(
      and(eq(identityProviderSignIns.stateHash, hashToken(state)), isNull(identityProviderSignIns.usedAt), gt(identityProviderSignIns.expiresAt, sql`now()`)),
    )
    .returning({ accountId: identityProviderSignIns.accountId, nonce: identityProviderSignIns.nonce, codeVerifier: identityProviderSignIns.codeVerifier });
  return row;
}

export async function sweepPendingSignIns(db: Executor): Promise<number> {
  const rows = await db
    .delete(identityProviderSignIns)
    .where(sql`${identityProviderSignIns.expiresAt} < now() - interval '1 hour'`)
    .returning({ state: identityProviderSignIns.stateHash });
  return rows.length;
}

export async function rememberRemovedUser(tx: Executor, accountId: number, email: string): Promise<void> {
  await tx
    .insert(identityProviderRemovedUsers)
    .values({ accountId, email: email.toLowerCase() })
    .onConflictDoUpdate({ target: [identityProviderRemovedUsers.accountId, identityProviderRemovedUsers.email], set: { removedAt: new Date() } });
}

export async function wasRemoved(db: Executor, accountId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: identityProviderRemovedUsers.email })
    .from(identityProviderRemovedUsers)
    .where(and(eq(identityProviderRemovedUsers.accountId, accountId), eq(identityProviderRemovedUsers.email, email.toLowerCase())));
  return rows.length > 0;
}
