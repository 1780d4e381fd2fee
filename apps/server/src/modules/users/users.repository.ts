import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccountUser, AccountUserStats, HeldLicense, License, LicensableService } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { containing } from '../../db/like-pattern.js';
import { toWireContact } from './contact-wire.js';
import { contacts, licenses, serviceDirectory } from '../../db/schema/index.js';

export type ContactRow = typeof contacts.$inferSelect;

// A page's users with their licenses in the same query (the list shows them, decision 0034): one small
// correlated subquery per row of the page, ordered as GET …/licenses orders them. The foreign keys
// hold every license to its service and product, so the count is the list's length. The services' names come from
// the services module's published view (decision 0042). Spelled out with
// table names: drizzle leaves columns unqualified in a one-table select, and an unqualified "id"
// inside the subquery would be the license's own.
const heldLicenses = sql<
  HeldLicense[]
>`(SELECT coalesce(json_agg(json_build_object('pk', "licenses"."id", 'service_id', "licenses"."service_id", 'service_name', "service_directory"."name") ORDER BY "service_directory"."name", "licenses"."id"), '[]'::json)
  FROM "licenses" JOIN "service_directory" ON "service_directory"."id" = "licenses"."service_id"
  WHERE "licenses"."contact_id" = "contacts"."id" AND "licenses"."account_id" = "contacts"."account_id")`;

export function toAccountUser(row: ContactRow & { licenses: HeldLicense[] }): AccountUser {
  return { ...toWireContact(row), licenses_count: row.licenses.length, licenses: row.licenses, invitation_pending: row.passwordHash === null };
}

/** Name, e-mail or mobile containing the words, case-insensitively (the account's own contacts only). */
function matching(accountId: number, search: string | undefined): SQL {
  const inAccount = eq(contacts.accountId, accountId);
  if (!search) return inAccount;
  const pattern = containing(search);
  return and(
    inAccount,
    or(ilike(sql`${contacts.firstname} || ' ' || ${contacts.lastname}`, pattern), ilike(contacts.email, pattern), ilike(contacts.mobile, pattern)),
  )!;
}

export async function listAccountUsers(db: Executor, accountId: number, page: { search?: string; limit?: number; offset: number }): Promise<AccountUser[]> {
  const query = db
    .select({ contact: contacts, licenses: heldLicenses })
    .from(contacts)
    .where(matching(accountId, page.search))
    .orderBy(asc(sql`lower(${contacts.lastname})`), asc(sql`lower(${contacts.firstname})`), asc(contacts.id))
    .offset(page.offset);
  const rows = await (page.limit === undefined ? query : query.limit(page.limit));
  return rows.map(({ contact, licenses: held }) => toAccountUser({ ...contact, licenses: held }));
}

export async function accountUserStats(db: Executor, accountId: number, search: string | undefined): Promise<AccountUserStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) FILTER (WHERE ${contacts.adminGroup})::int`,
      billing: sql<number>`count(*) FILTER (WHERE ${contacts.billingGroup})::int`,
      technical: sql<number>`count(*) FILTER (WHERE ${contacts.technicalGroup})::int`,
      matching: sql<number>`count(*) FILTER (WHERE ${matching(accountId, search)})::int`,
    })
    .from(contacts)
    .where(eq(contacts.accountId, accountId));
  return row ?? { total: 0, admins: 0, billing: 0, technical: 0, matching: 0 };
}

/** The contact's row as stored (the profile reads its own before changing it). */
export async function findContact(db: Executor, accountId: number, contactId: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  return row;
}

export async function findAccountUser(db: Executor, accountId: number, contactId: number): Promise<AccountUser | undefined> {
  const [row] = await db
    .select({ contact: contacts, licenses: heldLicenses })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
  return row && toAccountUser({ ...row.contact, licenses: row.licenses });
}

/** Locks the contact's row for the rest of the transaction; undefined if it is not the account's. */
export async function lockContact(db: Executor, accountId: number, contactId: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .for('update');
  return row;
}

/**
 * Locks every administrator of the account and says how many there are. Two requests that would
 * each remove an administrator take these locks in turn, so the second sees the first's change.
 */
export async function lockAdministrators(db: Executor, accountId: number): Promise<number> {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.adminGroup, true)))
    .orderBy(asc(contacts.id))
    .for('update');
  return rows.length;
}

/** Whether a contact other than `exceptContactId`, of any account, has this address (case-insensitively). */
export async function emailTaken(db: Executor, email: string, exceptContactId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = lower(${email})`, exceptContactId === undefined ? undefined : sql`${contacts.id} <> ${exceptContactId}`))
    .limit(1);
  return Boolean(row);
}

export async function insertContact(db: Executor, values: typeof contacts.$inferInsert): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

export async function updateContact(
  db: Executor,
  accountId: number,
  contactId: number,
  values: Partial<typeof contacts.$inferInsert>,
): Promise<ContactRow | undefined> {
  // A request that changes nothing (no known field) is not an error: the contact stays as it is.
  if (Object.keys(values).length === 0) return lockContact(db, accountId, contactId);
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .returning();
  return row;
}

export async function deleteContact(db: Executor, accountId: number, contactId: number): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

const voiceServiceColumns = {
  serviceId: serviceDirectory.id,
  name: serviceDirectory.name,
  description: serviceDirectory.description,
  seats: serviceDirectory.seats,
  // Qualified by hand: drizzle leaves a one-relation select's columns unqualified, and "id" inside would be the license's.
  seatsUsed: sql<number>`(SELECT count(*)::int FROM "licenses" WHERE "licenses"."service_id" = "service_directory"."id" AND "licenses"."account_id" = "service_directory"."account_id")`,
};

function toLicensable(row: { serviceId: number; name: string; description: string | null; seats: number; seatsUsed: number }): LicensableService {
  return { service_id: row.serviceId, name: row.name, description: row.description, seats: row.seats, seats_used: row.seatsUsed };
}

const ofTypes = (itemTypes: readonly string[]) =>
  sql`${serviceDirectory.itemType} IN (${sql.join(
    itemTypes.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/** The account's voice services (the only ones offered as licenses), with their seats. */
export async function licensableServices(db: Executor, accountId: number, itemTypes: readonly string[]): Promise<LicensableService[]> {
  const rows = await db
    .select(voiceServiceColumns)
    .from(serviceDirectory)
    .where(and(eq(serviceDirectory.accountId, accountId), ofTypes(itemTypes)))
    .orderBy(asc(serviceDirectory.name), asc(serviceDirectory.id));
  return rows.map(toLicensable);
}

/** One licensable service of the account with its seats, or undefined; read after the services module locked it. */
export async function licensableService(
  db: Executor,
  accountId: number,
  serviceId: number,
  itemTypes: readonly string[],
): Promise<LicensableService | undefined> {
  const [row] = await db
    .select(voiceServiceColumns)
    .from(serviceDirectory)
    .where(and(eq(serviceDirectory.accountId, accountId), eq(serviceDirectory.id, serviceId), ofTypes(itemTypes)));
  return row && toLicensable(row);
}

const licenseColumns = {
  pk: licenses.id,
  serviceId: licenses.serviceId,
  contactId: licenses.contactId,
  serviceName: serviceDirectory.name,
  createdAt: licenses.createdAt,
};
const toLicense = (row: { pk: number; serviceId: number; contactId: number; serviceName: string; createdAt: Date }): License => ({
  pk: row.pk,
  service_id: row.serviceId,
  contact_id: row.contactId,
  service_name: row.serviceName,
  date_created: row.createdAt.toISOString(),
});

export async function contactLicenses(db: Executor, accountId: number, contactId: number): Promise<License[]> {
  const rows = await db
    .select(licenseColumns)
    .from(licenses)
    .innerJoin(serviceDirectory, eq(serviceDirectory.id, licenses.serviceId))
    .where(and(eq(licenses.accountId, accountId), eq(licenses.contactId, contactId)))
    .orderBy(asc(serviceDirectory.name), asc(licenses.id));
  return rows.map(toLicense);
}

export async function insertLicense(db: Executor, values: { accountId: number; contactId: number; serviceId: number }): Promise<License> {
  const [inserted] = await db.insert(licenses).values(values).returning({ id: licenses.id });
  const [row] = await db
    .select(licenseColumns)
    .from(licenses)
    .innerJoin(serviceDirectory, eq(serviceDirectory.id, licenses.serviceId))
    .where(eq(licenses.id, inserted!.id));
  return toLicense(row!);
}

export async function hasLicense(db: Executor, contactId: number, serviceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.contactId, contactId), eq(licenses.serviceId, serviceId)));
  return Boolean(row);
}

export async function deleteLicense(db: Executor, accountId: number, contactId: number, licenseId: number): Promise<{ serviceId: number } | undefined> {
  const [row] = await db
    .delete(licenses)
    .where(and(eq(licenses.accountId, accountId), eq(licenses.contactId, contactId), eq(licenses.id, licenseId)))
    .returning({ serviceId: licenses.serviceId });
  return row;
}

/** Contacts of an account by the provider's external ids (a ticket's contact is named this way); unknown ids are absent. */
export async function contactIdsByExternalId(db: Executor, accountId: number, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, externalId: contacts.externalId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.externalId, [...new Set(externalIds)])));
  return new Map(rows.map((row) => [row.externalId!, row.id]));
}

/** The provider's external ids of contacts of an account (null for one created in the portal). */
export async function externalIdsOfContacts(db: Executor, accountId: number, contactIds: readonly number[]): Promise<Map<number, string | null>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, externalId: contacts.externalId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, [...new Set(contactIds)])));
  return new Map(rows.map((row) => [row.id, row.externalId]));
}

/** A contact of the account who may be written to: not deactivated by the provider. */
export async function reachableContact(
  db: Executor,
  accountId: number,
  contactId: number,
): Promise<{ contact_id: number; email: string; firstname: string } | undefined> {
  const [row] = await db
    .select({ contact_id: contacts.id, email: contacts.email, firstname: contacts.firstname })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId), isNull(contacts.deactivatedAt)));
  return row;
}

/** Who gets an auto-pay receipt: the account's contacts with billing access, oldest first. */
export async function billingContactsOf(db: Executor, accountId: number): Promise<Array<{ id: number; email: string; firstname: string }>> {
  return db
    .select({ id: contacts.id, email: contacts.email, firstname: contacts.firstname })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.billingGroup, true)))
    .orderBy(asc(contacts.id));
}
