import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accounts, contacts, refreshTokens } from '../../db/schema/index.js';
import type { Caller } from './caller.js';

/**
 * The contact behind an access token, provided its sign-in is still live (not signed out, not
 * revoked by a password change or token reuse, within its absolute lifetime). One indexed query.
 */
export async function findLiveCaller(db: Database, contactId: number, sessionId: string): Promise<Caller | undefined> {
  const [row] = await db
    .select({
      contactId: contacts.id,
      accountId: contacts.accountId,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      adminGroup: contacts.adminGroup,
      billingGroup: contacts.billingGroup,
      technicalGroup: contacts.technicalGroup,
      timeZone: contacts.timeZone,
      uiColorMode: contacts.uiColorMode,
      accountName: accounts.name,
      billingApiId: accounts.billingApiId,
      impersonatedBy: sql<string | null>`(
        SELECT ${refreshTokens.impersonatedBy} FROM ${refreshTokens}
        WHERE ${refreshTokens.familyId} = ${sessionId}::uuid AND ${refreshTokens.contactId} = ${contacts.id}
        LIMIT 1)`,
    })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(
      and(
        eq(contacts.id, contactId),
        sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${and(
          eq(refreshTokens.familyId, sql`${sessionId}::uuid`),
          eq(refreshTokens.contactId, contacts.id),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.familyExpiresAt, sql`now()`),
        )})`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { accountName, billingApiId, ...caller } = row;
  return { ...caller, sessionId, account: { name: accountName, billingApiId } };
}
