import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.js';
import type { PasswordStore } from '../auth/index.js';

/** The contacts' passwords, kept on their rows, for the auth module's sign-ins and password changes (auth/passwords.ts). */
export const contactPasswords: PasswordStore = {
  async hashOf(db, contactId) {
    const [row] = await db.select({ passwordHash: contacts.passwordHash }).from(contacts).where(eq(contacts.id, contactId));
    return row?.passwordHash ?? null;
  },
  async set(db, contactId, passwordHash) {
    await db.update(contacts).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(contacts.id, contactId));
  },
};
