import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { hashToken } from '../../platform/tokens.js';

/** A refresh token lives a week from its last use; a sign-in lasts 30 days at most, however used. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Starts a sign-in (a refresh-token family) whose first refresh token the service issued. */
export async function startSession(
  db: Executor,
  input: { contactId: number; refreshToken: string; impersonatedBy?: string | null; meta: ClientMeta; now?: Date },
): Promise<{ sessionId: string }> {
  const now = input.now ?? new Date();
  const sessionId = randomUUID();
  const { refreshToken } = input;
  await db.insert(refreshTokens).values({
    contactId: input.contactId,
    familyId: sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    familyExpiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    impersonatedBy: input.impersonatedBy ?? null,
    ip: input.meta.ip,
    userAgent: input.meta.userAgent?.slice(0, 500) ?? null,
  });
  return { sessionId };
}

export async function findRefreshToken(db: Executor, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row;
}

/**
 * Marks a refresh token used and stores its successor (issued by the service) in the same family.
 * Returns false when another request already used it (the conditional update decides, so two
 * racing uses cannot both win).
 */
export async function rotateRefreshToken(db: Executor, current: RefreshTokenRow, next: string, meta: ClientMeta, now = new Date()): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) return false;
  await db.insert(refreshTokens).values({
    contactId: current.contactId,
    familyId: current.familyId,
    tokenHash: hashToken(next),
    expiresAt: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, current.familyExpiresAt.getTime())),
    familyExpiresAt: current.familyExpiresAt,
    impersonatedBy: current.impersonatedBy,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return true;
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of several contacts in one statement (the provider deactivating contacts in bulk). */
export async function revokeSessionsOfContacts(db: Executor, contactIds: readonly number[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(refreshTokens.contactId, [...contactIds]), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of a contact, except the one given (a password change keeps its own session). */
export async function revokeContactSessions(db: Executor, contactId: number, exceptSessionId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(refreshTokens.contactId, contactId), isNull(refreshTokens.revokedAt), exceptSessionId ? ne(refreshTokens.familyId, exceptSessionId) : undefined),
    );
}

/** One live sign-in of a contact as Profile → Security lists it: its first and latest token. */
export interface LiveSession {
  id: string;
  startedAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

/**
 * A contact's live sign-ins: families not revoked, not past their absolute end, whose newest token is still valid. The
 * address and browser are the newest token's (where the sign-in was last renewed from), newest activity first.
 */
export async function liveSessionsOf(db: Executor, contactId: number, now = new Date()): Promise<LiveSession[]> {
  const rows = await db.execute<{
    id: string;
    started_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
    impersonated_by: string | null;
  }>(sql`
    SELECT DISTINCT ON (family_id) family_id AS id,
           min(created_at) OVER (PARTITION BY family_id) AS started_at,
           created_at AS last_seen_at, expires_at, ip, user_agent, impersonated_by
      FROM ${refreshTokens}
     WHERE contact_id = ${contactId} AND revoked_at IS NULL AND family_expires_at > ${now}
     ORDER BY family_id, created_at DESC, id DESC`);
  return (
    rows.rows
      // The newest token of a family that is no longer renewed has lapsed: that browser is signed out.
      .filter((row) => new Date(row.expires_at) > now)
      .map((row) => ({
        id: row.id,
        startedAt: new Date(row.started_at),
        lastSeenAt: new Date(row.last_seen_at),
        ip: row.ip,
        userAgent: row.user_agent,
        impersonatedBy: row.impersonated_by,
      }))
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
  );
}

/** Ends one of a contact's sign-ins; false when it is not theirs or already ended (the caller learns nothing more). */
export async function revokeContactSession(db: Executor, contactId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.contactId, contactId), eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return ended.length > 0;
}

/** Ends every sign-in of a contact but one; returns how many sign-ins ended. */
export async function revokeOtherContactSessions(db: Executor, contactId: number, keepSessionId: string): Promise<number> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.contactId, contactId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepSessionId)))
    .returning({ family: refreshTokens.familyId });
  return new Set(ended.map((row) => row.family)).size;
}

/**
 * Whether a sign-in with this user agent comes from a browser new to the contact: they have signed in before (a
 * session still kept), and none of those sessions was of this browser. The first sign-in is nobody's news.
 */
export async function isNewBrowser(db: Executor, contactId: number, userAgent: string | null): Promise<boolean> {
  if (!userAgent) return false;
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      same: sql<boolean>`count(*) FILTER (WHERE ${refreshTokens.userAgent} = ${userAgent.slice(0, 500)}) > 0`,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.contactId, contactId), isNull(refreshTokens.impersonatedBy)));
  return Boolean(row?.any) && !row?.same;
}
