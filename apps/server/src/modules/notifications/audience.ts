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

/**
 * Who is mailed the notice now: those who keep the category's mail on and take mail as it happens (a daily digest
 * is not built yet, decision 0046), less those the event already mails in its own words (a technician's reply, a
 * receipt). Security notices go out whatever the digest.
 */
export function mailedNow(notice: Notice, recipients: readonly Recipient[], mailedElsewhere: ReadonlySet<number>): Recipient[] {
  return recipients.filter(
    ({ contactId, preferences }) =>
      !mailedElsewhere.has(contactId) &&
      preferences.categories[notice.category].email &&
      (notice.category === 'security' || preferences.email_digest === 'immediately'),
  );
}
