import type { NotificationCategory, NotificationPreferences } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { activeContactsOf, insertNotifications, storedPreferencesOf } from './notifications.repository.js';
import { effectivePreferences } from './preferences.js';

/** What a notification says, the same in the portal and in its mail. */
export interface Notice {
  category: NotificationCategory;
  /** What happened, e.g. `ticket.reply`. */
  kind: string;
  title: string;
  body: string;
  /** The portal path of the thing. */
  link: string;
}

/**
 * Whom an event concerns: contacts it names, and the account's administrators or billing contacts by role. An
 * administrator who opted in to every ticket of the account is in `ticketWatchers`.
 */
export interface Audience {
  contactIds?: readonly number[];
  admins?: boolean;
  billing?: boolean;
  ticketWatchers?: boolean;
  /** Who acted, never told of their own act (a security notice excepted: it may not be them). */
  actorContactId?: number | null;
}

export interface Recipient {
  contactId: number;
  email: string;
  firstname: string;
  preferences: NotificationPreferences;
}

/** The account's active contacts the audience names, each with the choices that apply to them. */
export async function recipientsOf(db: Executor, accountId: number, category: NotificationCategory, audience: Audience): Promise<Recipient[]> {
  const contacts = await activeContactsOf(db, accountId);
  const named = new Set(audience.contactIds ?? []);
  const candidates = contacts.filter(
    (contact) => named.has(contact.id) || (audience.admins && contact.adminGroup) || (audience.billing && contact.billingGroup),
  );
  const watchers = audience.ticketWatchers ? contacts.filter((contact) => contact.adminGroup && !candidates.includes(contact)) : [];
  const ids = [...candidates, ...watchers].map((contact) => contact.id);
  const stored = await storedPreferencesOf(db, accountId, ids);
  const withPreferences = (contact: (typeof contacts)[number]): Recipient => ({
    contactId: contact.id,
    email: contact.email,
    firstname: contact.firstname,
    preferences: effectivePreferences(stored.own.get(contact.id), stored.accountDefault),
  });
  const recipients = [
    ...candidates.map(withPreferences),
    // Only those who asked for every ticket of the account.
    ...watchers.map(withPreferences).filter((recipient) => recipient.preferences.all_account_tickets),
  ];
  return category === 'security' ? recipients : recipients.filter((recipient) => recipient.contactId !== audience.actorContactId);
}

/**
 * Writes the in-portal notifications of one event, in its transaction, for the recipients who keep that category on
 * in the portal. Answers the rows written now (a consumer run again writes none).
 */
export async function notifyInPortal(db: Executor, event: { id: string; accountId: number }, notice: Notice, recipients: readonly Recipient[]) {
  const rows = recipients
    .filter((recipient) => recipient.preferences.categories[notice.category].in_portal)
    .map((recipient) => ({ accountId: event.accountId, contactId: recipient.contactId, eventId: event.id, ...notice }));
  return insertNotifications(db, rows);
}

/** Whether a contact takes mail of a category at all: its mail on and the digest not `never`. Security always. */
export const takesMail = (category: NotificationCategory, preferences: NotificationPreferences) =>
  category === 'security' || (preferences.categories[category].email && preferences.email_digest !== 'never');

/**
 * Whether the notice waits for the contact's daily digest (digest.ts) rather than being mailed as it happens: the
 * digest is made of the day's in-portal notifications, so a category kept out of the portal is still mailed at once,
 * and a security notice never waits.
 */
export const waitsForDigest = (category: NotificationCategory, preferences: NotificationPreferences) =>
  category !== 'security' && preferences.email_digest === 'daily' && preferences.categories[category].in_portal;

/** Who is mailed the notice now: those who take its category's mail, less those the event mails in its own words (a receipt) and those whose daily digest will carry it. */
export function mailedNow(notice: Notice, recipients: readonly Recipient[], mailedElsewhere: ReadonlySet<number>): Recipient[] {
  return recipients.filter(
    ({ contactId, preferences }) => !mailedElsewhere.has(contactId) && takesMail(notice.category, preferences) && !waitsForDigest(notice.category, preferences),
  );
}

/** What one address's contact chose for a category's mail in its own words (a technician's reply, a receipt). */
export interface AddressMailChoice {
  contactId: number;
  /** They take the category's mail at all. */
  takes: boolean;
  /** They chose the daily digest, which carries the same notice. */
  waitsForDigest: boolean;
}

/**
 * The choices of the account's contacts behind the addresses an event mails in its own words, by address in lower
 * case. An address of no contact of the account is absent: such a mail is sent as it is.
 */
export async function mailChoicesOf(
  db: Executor,
  accountId: number,
  category: NotificationCategory,
  addresses: readonly string[],
): Promise<Map<string, AddressMailChoice>> {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  const contacts = (await activeContactsOf(db, accountId)).filter((contact) => wanted.has(contact.email.toLowerCase()));
  if (contacts.length === 0) return new Map();
  const stored = await storedPreferencesOf(
    db,
    accountId,
    contacts.map((contact) => contact.id),
  );
  return new Map(
    contacts.map((contact) => {
      const preferences = effectivePreferences(stored.own.get(contact.id), stored.accountDefault);
      return [
        contact.email.toLowerCase(),
        { contactId: contact.id, takes: takesMail(category, preferences), waitsForDigest: waitsForDigest(category, preferences) },
      ];
    }),
  );
}
