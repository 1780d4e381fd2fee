import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';

/* The signed-in contact's own row, for the profile module (decision 0041): the contacts table is this module's. */

type ContactRow = typeof contacts.$inferSelect;

export async function findOwnContact(db: Executor, accountId: number, contactId: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  return row;
}

export async function updateOwnColorMode(
  db: Executor,
  accountId: number,
  contactId: number,
  uiColorMode: ContactRow['uiColorMode'],
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ uiColorMode })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .returning();
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
