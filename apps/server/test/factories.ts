import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.js';
import { accounts, contacts, products, services, ticketEntries, tickets } from '../src/db/schema/index.js';
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

export async function createContact(db: Database, input: Partial<typeof contacts.$inferInsert> & { accountId: number; password?: string | null }) {
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

/** A catalogue product (shared by all accounts); the name is made unique. */
export async function createProduct(db: Database, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await db
    .insert(products)
    .values({ name: `Test Product ${unique()}`, category: 'Cloud', description: 'A product made by a test', ...overrides })
    .returning();
  return product!;
}

/** A service of an account; makes a product of its own unless given one. */
export async function createService(db: Database, input: Partial<typeof services.$inferInsert> & { accountId: number; productId?: number }) {
  const productId = input.productId ?? (await createProduct(db)).id;
  const [service] = await db
    .insert(services)
    .values({ itemType: 'other', price: 10, quantity: 1, prodDescription: 'A service made by a test', ...input, productId })
    .returning();
  return service!;
}

let ticketSequence = 0;

export async function createTicket(db: Database, input: Partial<typeof tickets.$inferInsert> & { accountId: number }) {
  ticketSequence += 1;
  const [ticket] = await db
    .insert(tickets)
    .values({ ticketNumber: `TKT-T${unique()}${ticketSequence}`, subject: `Test ticket ${ticketSequence}`, description: 'Something needs fixing.', ...input })
    .returning();
  return ticket!;
}

export async function createTicketEntry(db: Database, input: Partial<typeof ticketEntries.$inferInsert> & { accountId: number; ticketId: number }) {
  const [entry] = await db
    .insert(ticketEntries)
    .values({ createdBy: 'Jordan Reyes', fromAddress: 'jordan.reyes@itpartners.example', content: 'We are looking into it.', ...input })
    .returning();
  return entry!;
}
