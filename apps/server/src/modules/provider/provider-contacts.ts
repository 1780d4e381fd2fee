import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_USER_TIME_ZONE,
  type ProviderBulkItem,
  type ProviderBulkResult,
  type ProviderContact,
  type ProviderContactInput,
  type ProviderListQuery,
} from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contacts } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Mailer } from '../../platform/mail.js';
import { endContactSessions } from '../auth/sessions.service.js';
import { emailTakenMessage } from '../users/sign-in-name.js';
import { writeInvitations } from '../users/users.service.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkOutcome, bulkResult, refuseDuplicateExternalIds, refuseDuplicates, unchangedCount } from './provider-bulk.js';
import {
  externalIdOrder,
  givenFlags,
  givenOrKept,
  recordset,
  refusedItem,
  uniqueValues,
  uniqueViolationAsItemConflict,
  type FieldOf,
} from './provider-set-writes.js';
import { accountIdOf, accountOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type ContactRow = typeof contacts.$inferSelect;

export function contactWire(row: ContactRow): ProviderContact {
  return {
    id: row.id,
    external_id: row.externalId,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    mobile: row.mobile,
    time_zone: row.timeZone,
    admin_group: row.adminGroup,
    billing_group: row.billingGroup,
    technical_group: row.technicalGroup,
    active: row.deactivatedAt === null,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface ProviderContactsDeps {
  db: Database;
  mailer: Mailer<Executor>;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
}

type ContactItem = ProviderContactInput & { external_id: string };

interface ContactUpserted {
  created: boolean;
  /** Whether this call changed the contact: an identical push changes nothing, not even `updated_at`. */
  changed: boolean;
  /** This call deactivated a contact that was active (their sessions were ended). */
  deactivated: boolean;
  row: ContactRow;
}

/** One item as the SQL reads it: the fields (the e-mail in lower case), and which optional ones it gave. */
function contactRecord(item: ContactItem, ord: number) {
  const optional = {
    mobile: item.mobile === undefined ? undefined : item.mobile || null,
    time_zone: item.time_zone,
    admin_group: item.admin_group,
    billing_group: item.billing_group,
    technical_group: item.technical_group,
  };
  return {
    ord,
    external_id: item.external_id,
    firstname: item.firstname,
    lastname: item.lastname,
    email: item.email.toLowerCase(),
    active: item.active,
    ...optional,
    ...givenFlags(optional),
  };
}
type ContactRecord = ReturnType<typeof contactRecord>;

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

const CONFLICTS = { contacts_email_lower_key: { field: 'email', message: emailTakenMessage } };

/**
 * An account's contacts by the provider's external id. A new contact is invited by e-mail to choose
 * a password (the same invitation an administrator's Add User sends); `active: false` deactivates
 * one, which ends their sessions and refuses their sign-in.
 */
export function createProviderContacts({ db, mailer, config }: ProviderContactsDeps) {
  /**
   * Contacts of one account created or updated in the caller's transaction, in a few statements
   * whatever their number: the single PUT (one item) and a bulk call run this same code. An item
   * follows a PUT's rules: absent fields keep their value, the e-mail is a sign-in name no other
   * contact has, a deactivation ends the contact's sessions, a new active contact is invited
   * (unless `send_invitation` is false), and an item that changes nothing writes nothing. Results
   * are in the order of the items, with the invitations' outbox ids (their jobs send them once the transaction commits).
   */
  async function upsertContacts(
    tx: Executor,
    account: { id: number; name: string },
    items: ContactItem[],
    fieldOf: FieldOf,
    meta: ClientMeta,
  ): Promise<{ results: ContactUpserted[]; invitations: number[] }> {
    const order = externalIdOrder(items);
    const externalIds = items.map((item) => item.external_id);
    // The existing rows, locked in external id order, so two overlapping calls wait for each other.
    const locked = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, account.id), inArray(contacts.externalId, externalIds)))
      .orderBy(asc(contacts.externalId))
      .for('update');
    const existing = new Map(locked.map((row) => [row.externalId!, row]));
    const records = order.map((index, ord) => contactRecord(items[index]!, ord));
    const oneByOne = await refuseTakenSignInNames(tx, records, order, existing, fieldOf);

    const inserted = new Set<string>();
    const updated = new Map<string, boolean>();
    try {
      for (const batch of oneByOne ? records.map((record) => [record]) : [records]) {
        const written = await writeContacts(tx, account.id, batch, existing);
        written.inserted.forEach((externalId) => inserted.add(externalId));
        written.updated.forEach((deactivated, externalId) => updated.set(externalId, deactivated));
      }
    } catch (error) {
      throw uniqueViolationAsItemConflict(error, CONFLICTS, () => order.map((index, ord) => ({ index, value: records[ord]!.email })), fieldOf);
    }
    const rows = new Map(
      (
        await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, account.id), inArray(contacts.externalId, externalIds)))
      ).map((row) => [row.externalId!, row]),
    );
    const deactivated = [...updated].filter(([, ended]) => ended).map(([externalId]) => rows.get(externalId)!.id);
    await endContactSessions(tx, deactivated);
    // Invitations in writing order, as the new contacts were inserted.
    const invited = order.map((index) => items[index]!).filter((item) => inserted.has(item.external_id) && item.send_invitation && item.active);
    const invitations = await writeInvitations(
      tx,
      { mailer, config },
      { contacts: invited.map((item) => rows.get(item.external_id)!), invitedBy: config.provider.name, accountName: account.name, ip: meta.ip },
    );
    const results = items.map(({ external_id: externalId }) => {
      const created = inserted.has(externalId);
      return { created, changed: created || updated.has(externalId), deactivated: updated.get(externalId) ?? false, row: rows.get(externalId)! };
    });
    return { results, invitations };
  }

  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderContactInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderContact }> {
      const account = await accountOf(db, accountExternalId);
      const result = await inTransaction(db, async (tx) => {
        const { results } = await upsertContacts(tx, account, [{ ...input, external_id: externalId }], (_, field) => field, meta);
        const upserted = results[0]!;
        // An identical push changes nothing, so there is nothing to record.
        if (upserted.changed) {
          const action = upserted.created ? 'provider.contact_created' : upserted.deactivated ? 'provider.contact_deactivated' : 'provider.contact_updated';
          await recordProviderChange(tx, provider, meta, action, account.id, {
            contact_id: upserted.row.id,
            external_id: externalId,
            ...(upserted.created && { email: upserted.row.email }),
          });
        }
        return upserted;
      });
      return { created: result.created, item: contactWire(result.row) };
    },

    /** Up to 1,000 contacts in one transaction: all or none, invitations included (nothing is sent for a refused call). */
    async bulk(
      provider: ProviderCaller,
      accountExternalId: string,
      items: ProviderBulkItem<ProviderContactInput>[],
      meta: ClientMeta,
    ): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      refuseDuplicates(
        items.map((item) => item.email.toLowerCase()),
        (index) => bulkField(index, 'email'),
        'E-mail address',
      );
      const account = await accountOf(db, accountExternalId);
      return inTransaction(db, async (tx) => {
        const { results } = await upsertContacts(tx, account, items, bulkField, meta);
        const answer = bulkResult(results.map(bulkOutcome));
        await recordProviderChange(tx, provider, meta, 'provider.contacts_bulk', account.id, {
          created: answer.created,
          updated: answer.updated,
          unchanged: unchangedCount(results),
          deactivated: results.filter((result) => result.deactivated).length,
        });
        return answer;
      });
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: contacts, cursorMicros: cursorMicros(contacts.updatedAt) })
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), pageConditions(query, contacts.updatedAt, contacts.id)))
        .orderBy(asc(contacts.updatedAt), asc(contacts.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => contactWire(r.row),
      );
    },
  };
}

/**
 * Refuses (409, under the item) the first item, in writing order, whose e-mail another contact
 * (of any account) signs in with at its turn, as the per-item check did. Answers whether the batch
 * passes an address from one of its contacts to another: it is then written one contact at a time.
 */
async function refuseTakenSignInNames(
  tx: Executor,
  records: ContactRecord[],
  order: number[],
  existing: Map<string, ContactRow>,
  fieldOf: FieldOf,
): Promise<boolean> {
  const holders = await tx
    .select({ id: contacts.id, email: sql<string>`lower(${contacts.email})` })
    .from(contacts)
    .where(
      inArray(
        sql`lower(${contacts.email})`,
        records.map((record) => record.email),
      ),
    );
  const emails = uniqueValues(holders.map((row) => [row.email, `c${row.id}`] as const));
  for (const [ord, record] of records.entries()) {
    const before = existing.get(record.external_id);
    if (!emails.take(before ? `c${before.id}` : `new:${record.external_id}`, before ? before.email.toLowerCase() : null, record.email)) {
      throw refusedItem(fieldOf, order[ord]!, 'email', emailTakenMessage(record.email));
    }
  }
  return emails.chained;
}

/**
 * The statements of a batch (or of one record, when written one by one): the new contacts
 * inserted, the others updated where something differs. Answers the external ids inserted, and for
 * those updated whether this deactivated them.
 */
async function writeContacts(tx: Executor, accountId: number, records: ContactRecord[], existing: Map<string, ContactRow>) {
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
