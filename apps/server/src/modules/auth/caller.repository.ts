import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedRead } from '../../db/prepared-read.js';
import { accountDirectory, contactDirectory, refreshTokens } from '../../db/schema/index.js';
import { contactWithAccount } from './auth.repository.js';
import type { Caller } from './caller.js';

// The same contact-with-account projection as every sign-in reads (the users and accounts modules' published views).
const { id: contactId, ...contactColumns } = contactWithAccount;
const callerColumns = { contactId, ...contactColumns };

/** Runs on every authenticated request: prepared once per database handle, so it is planned once per connection. */
function buildLiveCallerQuery(db: Database) {
  return (
    db
      .select({ ...callerColumns, impersonatedBy: refreshTokens.impersonatedBy })
      .from(contactDirectory)
      // A suspended account or a deactivated contact ends the sign-in at once (provider API).
      .innerJoin(accountDirectory, and(eq(accountDirectory.id, contactDirectory.accountId), eq(accountDirectory.status, 'active')))
      .innerJoin(
        refreshTokens,
        and(
          eq(refreshTokens.contactId, contactDirectory.id),
          eq(refreshTokens.familyId, sql.placeholder('sessionId')),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.familyExpiresAt, sql`now()`),
        ),
      )
      .where(and(eq(contactDirectory.id, sql.placeholder('contactId')), isNull(contactDirectory.deactivatedAt)))
      .limit(1)
  );
}

/**
 * The contact behind an access token, provided its sign-in is still live (not signed out, not
 * revoked by a password change or token reuse, within its absolute lifetime). One indexed query.
 */
export async function findLiveCaller(db: Database, contactId: number, sessionId: string): Promise<Caller | undefined> {
  const [row] = await preparedRead(db, 'find_live_caller', () => buildLiveCallerQuery(db)).run({ contactId, sessionId });
  if (!row) return undefined;
  const { accountName, billingApiId, ...caller } = row;
  return { ...caller, sessionId, account: { name: accountName, billingApiId } };
}
