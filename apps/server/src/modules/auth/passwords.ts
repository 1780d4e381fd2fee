import type { Executor } from '../../db/client.js';

/**
 * The password a contact signs in with lives on the users module's contacts row, and only that module writes it
 * (decision 0042). Auth verifies and sets it through this port, which the users module implements and the
 * composition root hands in: users builds on auth, so auth cannot import it.
 */
export interface PasswordStore {
  /** The contact's argon2id hash, or null while they have none (an invitation not yet accepted). */
  hashOf(db: Executor, contactId: number): Promise<string | null>;
  /** Stores a new hash and when it changed. */
  set(db: Executor, contactId: number, passwordHash: string): Promise<void>;
}
