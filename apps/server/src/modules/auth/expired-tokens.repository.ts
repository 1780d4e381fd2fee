import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeTokens, passkeyChallenges, passwordResetTokens, refreshTokens } from '../../db/schema/index.js';

/** Expired rows are kept a day past their end, so an investigation of a fresh incident still finds them. */
const GRACE = sql`now() - interval '1 day'`;

/** Deletes the sign-ins, password links, one-time tokens and passkey challenges that ended more than a day ago (the maintenance sweep). */
export async function sweepExpiredTokens(
  db: Executor,
): Promise<{ refreshTokens: number; passwordResetTokens: number; oneTimeTokens: number; passkeyChallenges: number }> {
  const [refresh, reset, oneTime, challenges] = await Promise.all([
    db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, GRACE)).returning({ id: refreshTokens.id }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, GRACE)).returning({ id: passwordResetTokens.id }),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, GRACE)).returning({ id: oneTimeTokens.id }),
    db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, GRACE)).returning({ id: passkeyChallenges.id }),
  ]);
  return { refreshTokens: refresh.length, passwordResetTokens: reset.length, oneTimeTokens: oneTime.length, passkeyChallenges: challenges.length };
}
