import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oneTimeTokens, passwordResetTokens, rateLimits, refreshTokens } from '../../db/schema/index.js';

/** Expired rows are kept a day past their end, so an investigation of a fresh incident still finds them. */
const GRACE = sql`now() - interval '1 day'`;

export interface SweepCounts {
  refreshTokens: number;
  passwordResetTokens: number;
  oneTimeTokens: number;
  rateLimits: number;
}

/** Deletes tokens and throttling windows that can never be used again. The audit log is kept. */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const [refresh, reset, oneTime, windows] = await Promise.all([
    db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, GRACE)).returning({ id: refreshTokens.id }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, GRACE)).returning({ id: passwordResetTokens.id }),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, GRACE)).returning({ id: oneTimeTokens.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, GRACE)).returning({ key: rateLimits.key }),
  ]);
  return { refreshTokens: refresh.length, passwordResetTokens: reset.length, oneTimeTokens: oneTime.length, rateLimits: windows.length };
}
