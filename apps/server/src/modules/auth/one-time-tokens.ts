import type { Executor } from '../../db/client.js';
import { randomToken } from '../../platform/tokens.js';
import { consumeOneTimeToken, findContactById, insertOneTimeToken, type ContactWithAccount, type OneTimePurpose } from './auth.repository.js';

/**
 * The auth module's one-time tokens, for other modules to use without reaching into its tables:
 * a random token for one purpose and one contact, stored only as a hash, usable once before it
 * expires (impersonation links, app launches).
 */
export type { OneTimePurpose };

export async function issueOneTimeToken(
  executor: Executor,
  input: { purpose: OneTimePurpose; contactId: number; ttlMs: number; createdBy: string; payload?: Record<string, unknown> },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await insertOneTimeToken(executor, {
    purpose: input.purpose,
    contactId: input.contactId,
    token,
    expiresAt,
    createdBy: input.createdBy,
    payload: input.payload,
  });
  return { token, expiresAt };
}

/**
 * Uses a token up (on the first attempt, whatever comes of it) and returns the contact it was
 * issued for; `undefined` when it is unknown, used, expired or of another purpose.
 */
export async function redeemOneTimeToken(
  executor: Executor,
  purpose: OneTimePurpose,
  token: string,
): Promise<{ contact: ContactWithAccount; createdBy: string | null; payload: Record<string, unknown> } | undefined> {
  const used = await consumeOneTimeToken(executor, purpose, token);
  const contact = used ? await findContactById(executor, used.contactId) : undefined;
  return used && contact ? { contact, createdBy: used.createdBy, payload: (used.payload ?? {}) as Record<string, unknown> } : undefined;
}
