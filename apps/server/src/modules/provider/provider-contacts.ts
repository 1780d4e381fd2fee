import { and, asc, eq, sql } from 'drizzle-orm';
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
import { contacts } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Mailer } from '../../platform/mail.js';
import { endContactSessions } from '../auth/sessions.service.js';
import { asSignInNameConflict, refuseTakenSignInName } from '../users/sign-in-name.js';
import { writeInvitation } from '../users/users.service.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkOutcome, bulkResult, refuseDuplicateExternalIds, refuseDuplicates, upsertEach } from './provider-bulk.js';
import { accountIdOf, accountOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';
import { inTransaction } from '../../db/transaction.js';

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

interface ContactUpserted {
  created: boolean;
  /** This call deactivated a contact that was active (their sessions were ended). */
  deactivated: boolean;
  row: ContactRow;
  /** The invitation written to the mail outbox, sent once the transaction has committed. */
  outboxId: number | undefined;
}

/**
 * An account's contacts by the provider's external id. A new contact is invited by e-mail to choose
 * a password (the same invitation an administrator's Add User sends); `active: false` deactivates
 * one, which ends their sessions and refuses their sign-in.
 */
export function createProviderContacts({ db, mailer, config }: ProviderContactsDeps) {
  /** One contact, created or updated in the caller's transaction: the single PUT and each item of a bulk call. */
  async function upsertContact(tx: Executor, account: { id: number; name: string }, externalId: string, input: ProviderContactInput, meta: ClientMeta): Promise<ContactUpserted> {
    const email = input.email.toLowerCase();
    const fields = {
      firstname: input.firstname,
      lastname: input.lastname,
      email,
      ...(input.mobile !== undefined && { mobile: input.mobile || null }),
      ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
      ...(input.admin_group !== undefined && { adminGroup: input.admin_group }),
      ...(input.billing_group !== undefined && { billingGroup: input.billing_group }),
      ...(input.technical_group !== undefined && { technicalGroup: input.technical_group }),
    };
    try {
      const [before] = await tx.select().from(contacts).where(and(eq(contacts.accountId, account.id), eq(contacts.externalId, externalId))).for('update');
      await refuseTakenSignInName(tx, email, before?.id);
      if (before) {
        const deactivated = !input.active && before.deactivatedAt === null;
        const [row] = await tx
          .update(contacts)
          .set({ ...fields, deactivatedAt: input.active ? null : (before.deactivatedAt ?? sql`now()`) })
          .where(eq(contacts.id, before.id))
          .returning();
        if (deactivated) await endContactSessions(tx, before.id);
        return { created: false, deactivated, row: row!, outboxId: undefined };
      }
      const [row] = await tx
        .insert(contacts)
        .values({ accountId: account.id, externalId, timeZone: DEFAULT_USER_TIME_ZONE, ...fields, passwordHash: null, deactivatedAt: input.active ? null : sql`now()` })
        .returning();
      const outboxId =
        input.send_invitation && input.active
          ? await writeInvitation(tx, { mailer, config }, { contact: row!, invitedBy: config.provider.name, accountName: account.name, ip: meta.ip })
          : undefined;
      return { created: true, deactivated: false, row: row!, outboxId };
    } catch (error) {
      throw asSignInNameConflict(error, email);
    }
  }

  const invitationsOf = (results: ContactUpserted[]) => results.map((result) => result.outboxId).filter((id): id is number => id !== undefined);

  return {
    async upsert(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderContactInput, meta: ClientMeta): Promise<{ created: boolean; item: ProviderContact }> {
      const account = await accountOf(db, accountExternalId);
      const result = await inTransaction(db, async (tx) => {
        const upserted = await upsertContact(tx, account, externalId, input, meta);
        const { row } = upserted;
        const action = upserted.created ? 'provider.contact_created' : upserted.deactivated ? 'provider.contact_deactivated' : 'provider.contact_updated';
        await recordProviderChange(tx, provider, meta, action, account.id, { contact_id: row.id, external_id: externalId, ...(upserted.created && { email: row.email }) });
        return upserted;
      });
      mailer.deliverSoon(invitationsOf([result]));
      return { created: result.created, item: contactWire(result.row) };
    },

    /** Up to 1,000 contacts in one transaction: all or none, invitations included (nothing is sent for a refused call). */
    async bulk(provider: ProviderCaller, accountExternalId: string, items: ProviderBulkItem<ProviderContactInput>[], meta: ClientMeta): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      refuseDuplicates(items.map((item) => item.email.toLowerCase()), (index) => bulkField(index, 'email'), 'E-mail address');
      const account = await accountOf(db, accountExternalId);
      const { answer, invitations } = await inTransaction(db, async (tx) => {
        const upserted = await upsertEach(items, (item) => upsertContact(tx, account, item.external_id, item, meta));
        const answer = bulkResult(upserted.map(bulkOutcome));
        await recordProviderChange(tx, provider, meta, 'provider.contacts_bulk', account.id, {
          created: answer.created,
          updated: answer.updated,
          deactivated: upserted.filter((result) => result.deactivated).length,
        });
        return { answer, invitations: invitationsOf(upserted) };
      });
      mailer.deliverSoon(invitations);
      return answer;
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: contacts, cursorMicros: cursorMicros(contacts.updatedAt) })
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), pageConditions(query, contacts.updatedAt, contacts.id)))
        .orderBy(asc(contacts.updatedAt), asc(contacts.id))
        .limit(query.limit + 1);
      return toPage(rows, query.limit, (r) => r.row.id, (r) => contactWire(r.row));
    },
  };
}
