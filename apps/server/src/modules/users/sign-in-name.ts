import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../platform/app-error.js';
import { emailTaken } from './users.repository.js';

/**
 * A contact's e-mail is their sign-in name, unique across every account, case-insensitively.
 * The rule for everyone who sets one: an administrator adding or editing a user, and a user
 * editing their own profile.
 */
export const emailTakenMessage = (email: string) => `The e-mail address ${email} is already used by another user. Please choose a different address.`;

const taken = (email: string) => new AppError('conflict', emailTakenMessage(email), { email: emailTakenMessage(email) });

/** Refuses an address another contact (any account) already signs in with. */
export async function refuseTakenSignInName(executor: Executor, email: string, exceptContactId?: number): Promise<void> {
  if (await emailTaken(executor, email, exceptContactId)) throw taken(email);
}

/** Two requests racing for one address: the unique index decides, and the loser gets the same answer. */
export function asSignInNameConflict(error: unknown, email: string | undefined): unknown {
  return email !== undefined && isUniqueViolation(error) ? taken(email) : error;
}
