import { DEFAULT_USER_TIME_ZONE } from '@portal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import { givenOrKept, recordset } from '../../db/set-writes.js';

/** The contacts the provider's systems push (contact-sync.ts): its SQL, by external id, set-based (decision 0030). */

export type SyncedContactRow = typeof contacts.$inferSelect;

/** One pushed contact as the SQL reads it: the fields (the e-mail in lower case), and `has_<field>` for the optional ones it gave. */
export interface ContactRecord {
  ord: number;
  external_id: string;
  firstname: string;
  lastname: string;
  email: string;
  active: boolean;
  mobile?: string | null;
  time_zone?: string;
  admin_group?: boolean;
  billing_group?: boolean;
  technical_group?: boolean;
  [flag: `has_${string}`]: boolean;
}

const CONTACT_RECORD = {
  ord: 'integer',
  external_id: 'text',
  firstname: 'text',
  lastname: 'text',
  email: 'text',
  active: 'boolean',
  mobile: 'text',
  time_zone: 'text',
  admin_group: 'boolean',
  billing_group: 'boolean',
  technical_group: 'boolean',
  has_mobile: 'boolean',
  has_time_zone: 'boolean',
  has_admin_group: 'boolean',
  has_billing_group: 'boolean',
  has_technical_group: 'boolean',
};

/** The account's contacts with these external ids, locked in external id order, so two overlapping calls wait for each other. */
export async function lockContactsByExternalId(tx: Executor, accountId: number, externalIds: readonly string[]): Promise<SyncedContactRow[]> {
  return tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.externalId, [...externalIds])))
    .orderBy(asc(contacts.externalId))
    .for('update');
}

/**
 * Contacts an administrator added in the portal (no external id yet) whose e-mail a push names: they take the push's
 * external id, so the CRM adopts them, where it was refused for a sign-in name they already hold. An external id the
 * account already gives another contact adopts no one (that push updates that contact, as before).
 */
export async function adoptContactsByEmail(tx: Executor, accountId: number, items: ReadonlyArray<{ externalId: string; email: string }>): Promise<void> {
  if (items.length === 0) return;
  const pushed = sql.join(
    items.map((item) => sql`(${item.email.toLowerCase()}, ${item.externalId})`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${contacts} SET external_id = pushed.external_id
      FROM (VALUES ${pushed}) AS pushed (email, external_id)
     WHERE ${contacts.accountId} = ${accountId}
       AND ${contacts.externalId} IS NULL
       AND lower(${contacts.email}) = pushed.email
       AND NOT EXISTS (SELECT 1 FROM ${contacts} AS known WHERE known.account_id = ${accountId} AND known.external_id = pushed.external_id)`);
}

/** The account's contacts with these external ids, by external id. */
export async function contactsByExternalId(tx: Executor, accountId: number, externalIds: readonly string[]): Promise<Map<string, SyncedContactRow>> {
  const rows = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.externalId, [...externalIds])));
  return new Map(rows.map((row) => [row.externalId!, row]));
}

/** The contacts (of any account) signing in with one of these addresses, given in lower case. */
export async function signInNameHolders(tx: Executor, emails: readonly string[]): Promise<{ id: number; email: string }[]> {
  return tx
    .select({ id: contacts.id, email: sql<string>`lower(${contacts.email})` })
    .from(contacts)
    .where(inArray(sql`lower(${contacts.email})`, [...emails]));
}

/**
 * The statements of a batch (or of one record, when written one by one): the new contacts
 * inserted, the others updated where something differs. Answers the external ids inserted, and for
 * those updated whether this deactivated them.
 */
export async function writeContactRecords(tx: Executor, accountId: number, records: readonly ContactRecord[], existing: ReadonlyMap<string, SyncedContactRow>) {
  const fresh = records.filter((record) => !existing.has(record.external_id));
  // DO NOTHING: a contact another call created meanwhile is updated below instead.
  const inserted =
    fresh.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string }>(sql`
            INSERT INTO contacts (account_id, external_id, firstname, lastname, email, mobile, time_zone, admin_group, billing_group, technical_group, password_hash, deactivated_at)
            SELECT ${accountId}, s.external_id, s.firstname, s.lastname, s.email, s.mobile, coalesce(s.time_zone, ${DEFAULT_USER_TIME_ZONE}),
                   coalesce(s.admin_group, false), coalesce(s.billing_group, false), coalesce(s.technical_group, false),
                   NULL, CASE WHEN s.active THEN NULL ELSE now() END
            FROM ${recordset('s', CONTACT_RECORD, fresh)}
            ORDER BY s.ord
            ON CONFLICT (account_id, external_id) DO NOTHING
            RETURNING external_id`)
        ).rows.map((row) => row.external_id);
  const insertedSet = new Set(inserted);
  const others = records.filter((record) => !insertedSet.has(record.external_id));
  const updated =
    others.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string; deactivated: boolean }>(sql`
            UPDATE contacts AS c
            SET firstname = n.firstname, lastname = n.lastname, email = n.email, mobile = n.mobile, time_zone = n.time_zone,
                admin_group = n.admin_group, billing_group = n.billing_group, technical_group = n.technical_group,
                deactivated_at = n.deactivated_at, updated_at = now()
            FROM (
              SELECT cur.id, cur.deactivated_at IS NULL AS was_active, s.firstname, s.lastname, s.email,
                     ${givenOrKept('mobile')}, ${givenOrKept('time_zone')},
                     ${givenOrKept('admin_group')}, ${givenOrKept('billing_group')}, ${givenOrKept('technical_group')},
                     CASE WHEN s.active THEN NULL ELSE coalesce(cur.deactivated_at, now()) END AS deactivated_at
              FROM ${recordset('s', CONTACT_RECORD, others)}
              JOIN contacts cur ON cur.account_id = ${accountId} AND cur.external_id = s.external_id
            ) AS n
            WHERE c.id = n.id
              AND (c.firstname, c.lastname, c.email, c.mobile, c.time_zone, c.admin_group, c.billing_group, c.technical_group, c.deactivated_at)
                  IS DISTINCT FROM (n.firstname, n.lastname, n.email, n.mobile, n.time_zone, n.admin_group, n.billing_group, n.technical_group, n.deactivated_at)
            RETURNING c.external_id, (n.was_active AND c.deactivated_at IS NOT NULL) AS deactivated`)
        ).rows;
  return { inserted, updated: new Map(updated.map((row) => [row.external_id, row.deactivated])) };
}

/** A page of the account's contacts by last change; `limit` rows and one more. */
export async function contactsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: contacts, cursorMicros: positionMicros(contacts.updatedAt) })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), afterPosition(position, contacts.updatedAt, contacts.id)))
    .orderBy(asc(contacts.updatedAt), asc(contacts.id))
    .limit(limit + 1);
}
