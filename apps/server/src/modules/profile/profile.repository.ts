import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';

type ContactRow = typeof contacts.$inferSelect;



/** Whether another contact (of any account: the e-mail is the sign-in username) already has this address. */
export async function emailUsedByAnotherContact(db: Executor, email: string, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = lower(${email})`, ne(contacts.id, contactId)))
    .limit(1);
  return row !== undefined;
}

export async function findOwnContact(db: Executor, accountId: number, contactId: number): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  return row;
}

export async function updateOwnProfile(
  db: Executor,
  accountId: number,
  contactId: number,
  values: { firstname: string; lastname: string; email: string; timeZone: string },
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .returning();
  return row;
}

/** PostgreSQL's unique_violation, whether drizzle wraps the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}
