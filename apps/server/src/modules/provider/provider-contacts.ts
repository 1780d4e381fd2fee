import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_USER_TIME_ZONE, type ProviderContact, type ProviderContactInput, type ProviderListQuery } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { accounts, contacts } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Mailer } from '../../platform/mail.js';
import { endContactSessions } from '../auth/sessions.service.js';
import { asSignInNameConflict, refuseTakenSignInName } from '../users/sign-in-name.js';
import { writeInvitation } from '../users/users.service.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';

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

/**
 * An account's contacts by the provider's external id. A new contact is invited by e-mail to choose
 * a password (the same invitation an administrator's Add User sends); `active: false` deactivates
 * one, which ends their sessions and refuses their sign-in.
 */
export function createProviderContacts({ db, mailer, config }: ProviderContactsDeps) {
  return {
    async upsert(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderContactInput, meta: ClientMeta): Promise<{ created: boolean; item: ProviderContact }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const email = input.email.toLowerCase();
      const [existing] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.externalId, externalId)));
      await refuseTakenSignInName(db, email, existing?.id);
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
        const { result, outboxId } = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.externalId, externalId))).for('update');
          if (before) {
            const deactivating = !input.active && before.deactivatedAt === null;
            const [row] = await tx
              .update(contacts)
              .set({ ...fields, deactivatedAt: input.active ? null : (before.deactivatedAt ?? sql`now()`) })
              .where(eq(contacts.id, before.id))
              .returning();
            if (deactivating) await endContactSessions(tx, before.id);
            await recordProviderChange(tx, provider, meta, deactivating ? 'provider.contact_deactivated' : 'provider.contact_updated', accountId, { contact_id: before.id, external_id: externalId });
            return { result: { created: false, item: contactWire(row!) }, outboxId: undefined };
          }
          const [row] = await tx
            .insert(contacts)
            .values({ accountId, externalId, timeZone: DEFAULT_USER_TIME_ZONE, ...fields, passwordHash: null, deactivatedAt: input.active ? null : sql`now()` })
            .returning();
          await recordProviderChange(tx, provider, meta, 'provider.contact_created', accountId, { contact_id: row!.id, external_id: externalId, email });
          let outboxId: number | undefined;
          if (input.send_invitation && input.active) {
            const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
            outboxId = await writeInvitation(tx, { mailer, config }, { contact: row!, invitedBy: config.provider.name, accountName: account!.name, ip: meta.ip });
          }
          return { result: { created: true, item: contactWire(row!) }, outboxId };
        });
        if (outboxId !== undefined) mailer.deliverSoon(outboxId);
        return result;
      } catch (error) {
        throw asSignInNameConflict(error, email);
      }
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
