import type { ProviderContactInput } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { FeedPosition } from '../../db/change-feed.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { endContactSessions } from '../auth/index.js';
import { externalIdOrder, givenFlags, refusedItem, uniqueValues, uniqueViolationAsItemConflict, type FieldOf } from '../../db/set-writes.js';
import {
  adoptContactsByEmail,
  contactsByExternalId,
  contactsChangedAfter,
  lockContactsByExternalId,
  signInNameHolders,
  writeContactRecords,
  type ContactRecord,
  type SyncedContactRow,
} from './contact-sync.repository.js';
import type { EventOrigin } from '../../events/domain-event.js';
import { inviteContacts, type InvitationDeps } from './invitations.js';
import { emailTakenMessage } from './sign-in-name.js';

export type { SyncedContactRow } from './contact-sync.repository.js';
export type PushedContact = ProviderContactInput & { external_id: string };

export interface ContactPushed {
  created: boolean;
  /** Whether this call changed the contact: an identical push changes nothing, not even `updated_at`. */
  changed: boolean;
  /** This call deactivated a contact that was active (their sessions were ended). */
  deactivated: boolean;
  row: SyncedContactRow;
}

export interface ContactSyncDeps extends InvitationDeps {
  db: Database;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
}

const CONFLICTS = { contacts_email_lower_key: { field: 'email', message: emailTakenMessage } };

/** One item as the SQL reads it: the fields (the e-mail in lower case), and which optional ones it gave. */
function contactRecord(item: PushedContact, ord: number): ContactRecord {
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

/**
 * The contacts the provider's systems (the source of truth for who works at the customer) push by external id, as
 * commands (decision 0041). A new active contact is invited as an administrator's new user is (`inviteContacts`);
 * `active: false` deactivates one, which ends their sessions and refuses their sign-in. The last administrator is not
 * the provider's rule to keep (decision 0039): it may demote or deactivate them.
 */
export function createContactSync({ db, events, config }: ContactSyncDeps) {
  /**
   * Contacts of one account created or updated in the caller's transaction, in a few statements whatever their number:
   * the single push and a batch run this same code. An item follows a PUT's rules: absent fields keep their value, the
   * e-mail is a sign-in name no other contact has, and an item that changes nothing writes nothing. Results are in the
   * order of the items.
   */
  async function writeContacts(
    tx: Executor,
    by: EventOrigin,
    account: { id: number; name: string },
    items: readonly PushedContact[],
    fieldOf: FieldOf,
  ): Promise<ContactPushed[]> {
    const order = externalIdOrder(items);
    const externalIds = items.map((item) => item.external_id);
    await adoptContactsByEmail(
      tx,
      account.id,
      items.map((item) => ({ externalId: item.external_id, email: item.email })),
    );
    const existing = new Map((await lockContactsByExternalId(tx, account.id, externalIds)).map((row) => [row.externalId!, row]));
    const records = order.map((index, ord) => contactRecord(items[index]!, ord));
    const oneByOne = await refuseTakenSignInNames(tx, records, order, existing, fieldOf);

    const inserted = new Set<string>();
    const updated = new Map<string, boolean>();
    try {
      for (const batch of oneByOne ? records.map((record) => [record]) : [records]) {
        const written = await writeContactRecords(tx, account.id, batch, existing);
        written.inserted.forEach((externalId) => inserted.add(externalId));
        written.updated.forEach((deactivated, externalId) => updated.set(externalId, deactivated));
      }
    } catch (error) {
      throw uniqueViolationAsItemConflict(error, CONFLICTS, () => order.map((index, ord) => ({ index, value: records[ord]!.email })), fieldOf);
    }
    const rows = await contactsByExternalId(tx, account.id, externalIds);
    const deactivated = [...updated].filter(([, ended]) => ended).map(([externalId]) => rows.get(externalId)!.id);
    await endContactSessions(tx, deactivated);
    // Invitations in writing order, as the new contacts were inserted.
    const invited = order.map((index) => items[index]!).filter((item) => inserted.has(item.external_id) && item.send_invitation && item.active);
    await inviteContacts(tx, { events, config }, by, {
      accountId: account.id,
      contacts: invited.map((item) => rows.get(item.external_id)!),
      invitedBy: config.provider.name,
      accountName: account.name,
    });
    return items.map(({ external_id: externalId }) => {
      const created = inserted.has(externalId);
      return { created, changed: created || updated.has(externalId), deactivated: updated.get(externalId) ?? false, row: rows.get(externalId)! };
    });
  }

  return {
    /** One contact; an identical push changes nothing and records nothing. */
    async pushContact(by: EventOrigin, account: { id: number; name: string }, item: PushedContact): Promise<ContactPushed> {
      return inTransaction(db, async (tx) => {
        const [pushed] = await writeContacts(tx, by, account, [item], (_, field) => field);
        if (pushed!.changed) {
          await events.record(tx, {
            type: 'contact.pushed',
            accountId: account.id,
            ...by,
            data: {
              contact_id: pushed!.row.id,
              external_id: item.external_id,
              email: pushed!.row.email,
              created: pushed!.created,
              deactivated: pushed!.deactivated,
            },
          });
        }
        return pushed!;
      });
    },

    /** Up to 1,000 contacts in one transaction: all or none, invitations included; the batch is recorded as one event with its counts. */
    async pushContacts(by: EventOrigin, account: { id: number; name: string }, items: readonly PushedContact[], fieldOf: FieldOf): Promise<ContactPushed[]> {
      return inTransaction(db, async (tx) => {
        const results = await writeContacts(tx, by, account, items, fieldOf);
        const created = results.filter((result) => result.created).length;
        await events.record(tx, {
          type: 'contacts.bulk_pushed',
          accountId: account.id,
          ...by,
          data: {
            created,
            // An unchanged contact counts as updated here, as in the call's answer; `unchanged` says how many.
            updated: results.length - created,
            unchanged: results.filter((result) => !result.created && !result.changed).length,
            deactivated: results.filter((result) => result.deactivated).length,
          },
        });
        return results;
      });
    },

    /** The account's contacts changed at or after a position, oldest change first. */
    changedContacts: (accountId: number, position: FeedPosition, limit: number) => contactsChangedAfter(db, accountId, position, limit),
  };
}
export type ContactSync = ReturnType<typeof createContactSync>;

/**
 * Refuses (409, under the item) the first item, in writing order, whose e-mail another contact
 * (of any account) signs in with at its turn, as the per-item check did. Answers whether the batch
 * passes an address from one of its contacts to another: it is then written one contact at a time.
 */
async function refuseTakenSignInNames(
  tx: Executor,
  records: readonly ContactRecord[],
  order: readonly number[],
  existing: ReadonlyMap<string, SyncedContactRow>,
  fieldOf: FieldOf,
): Promise<boolean> {
  const holders = await signInNameHolders(
    tx,
    records.map((record) => record.email),
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
