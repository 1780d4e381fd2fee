import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.js';
import { accounts, contacts } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/password.js';

export const TEST_PASSWORD = 'test-pass-2026';
let testPasswordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export async function createAccount(db: Database, overrides: Partial<typeof accounts.$inferInsert> = {}) {
  const suffix = unique();
  const [account] = await db
    .insert(accounts)
    .values({ name: `Test Account ${suffix}`, billingApiId: `ba_test_${suffix}`, ...overrides })
    .returning();
  return account!;
}

export async function createContact(
  db: Database,
  input: Partial<typeof contacts.$inferInsert> & { accountId: number; password?: string | null },
) {
  const { password = TEST_PASSWORD, ...values } = input;
  const passwordHash =
    password === null ? null : password === TEST_PASSWORD ? await (testPasswordHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
  const suffix = unique();
  const [contact] = await db
    .insert(contacts)
    .values({ firstname: 'Test', lastname: `User ${suffix}`, email: `user.${suffix}@example.test`, passwordHash, ...values })
    .returning();
  return contact!;
}
