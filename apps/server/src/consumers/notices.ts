import { isClosedTicketStatus, type DomainEventType, type ReminderData } from '@portal/contract';
import type { AnyDomainEvent, DomainEvent } from '../events/domain-event.js';
import type { Audience, Notice } from '../modules/notifications/index.js';

/** What an event tells people (issue 35): the notice, and whom it concerns. */
export interface NoticeConsequence {
  notice: Notice;
  audience: Audience;
  /** Contacts the event already mails in its own words (a technician's reply, a receipt): not mailed the notice too. */
  mailedElsewhere?: readonly number[];
}

type NoticeOf<T extends DomainEventType> = (event: DomainEvent<T>) => NoticeConsequence | undefined;

const actorContactId = (event: AnyDomainEvent) => (event.actor.kind === 'contact' ? event.actor.contact_id : null);
const money = (amount: number) => `$${amount.toFixed(2)}`;
const ROLE_FIELDS = new Set(['adminGroup', 'billingGroup', 'technicalGroup']);
const day = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A reminder's notice, by its kind: billing ones to the billing contacts, the inventory's to the administrators. */
const REMINDERS: Record<ReminderData['kind'], (data: ReminderData) => NoticeConsequence> = {
  autopay_due: (data) => ({
    notice: {
      category: 'billing',
      kind: 'autopay.due',
      title: `Automatic payment of ${money(data.amount ?? 0)} on ${day(data.due_on)}`,
      body: `It will be charged to the card ending ${data.name}.`,
      link: '/billing',
    },
    audience: { billing: true },
  }),
  card_expiring: (data) => ({
    notice: {
      category: 'billing',
      kind: 'card.expiring',
      title: `Your stored card ending ${data.name} expires soon`,
      body: `It can be used until ${day(data.due_on)}. Store a new card to keep automatic payments going.`,
      link: '/billing',
    },
    audience: { billing: true },
  }),
  warranty_expiring: (data) => ({
    notice: { category: 'assets', kind: 'warranty.expiring', title: `The warranty of ${data.name} ends on ${day(data.due_on)}`, body: '', link: '/it-assets' },
    audience: { admins: true },
  }),
  credential_expiring: (data) => ({
    notice: {
      category: 'assets',
      kind: 'credential.expiring',
      title: `The stored credential ${data.name} expires on ${day(data.due_on)}`,
      body: '',
      link: '/it-assets/vault',
    },
    audience: { admins: true },
  }),
};

/**
 * The events that are news, and what each says. Only the types listed notify; the wording is the in-portal
 * notification's and its mail's alike. Links are the portal's own paths.
 */
const NOTICES: { [T in DomainEventType]?: NoticeOf<T> } = {
  'ticket.entry_pushed': ({ data }) => {
    // The pushing command names the ticket's contact only for a new entry they can read; a private note is nobody's news.
    if (!data.created || !data.entry.visible_to_customer) return undefined;
    return {
      notice: {
        category: 'tickets',
        kind: 'ticket.reply',
        title: `New reply on ticket ${data.ticket.ticket_number}: ${data.ticket.subject}`,
        body: `${data.entry.created_by} replied.`,
        link: `/tickets/${data.ticket.id}`,
      },
      audience: { contactIds: data.notify ? [data.notify.contact_id] : [], ticketWatchers: true },
      mailedElsewhere: data.notify ? [data.notify.contact_id] : [],
    };
  },
  // A status the provider's systems changed on one ticket; a batch is their record brought in line and tells no one.
  'ticket.pushed': ({ data }) => {
    if (data.status_from === null || data.created) return undefined;
    const closed = isClosedTicketStatus(data.status);
    return {
      notice: {
        category: 'tickets',
        kind: closed ? 'ticket.closed' : 'ticket.status_changed',
        title: closed ? `Ticket ${data.ticket_number} was closed: ${data.subject}` : `Ticket ${data.ticket_number} is now ${data.status}: ${data.subject}`,
        // A completed ticket asks its contact "How did we do?" (decision 0047); the mail says so, to whoever it concerns.
        body:
          data.status === 'Complete' && data.contact_id
            ? `It was ${data.status_from}. If it was yours: how did we do? Rate it from 1 to 5 in the portal.`
            : `It was ${data.status_from}.`,
        link: `/tickets/${data.ticket_id}`,
      },
      audience: { contactIds: data.contact_id ? [data.contact_id] : [], ticketWatchers: true },
    };
  },
  'ticket.replied': (event) => ({
    notice: {
      category: 'tickets',
      kind: 'ticket.reply',
      title: `New reply on ticket ${event.data.ticket.ticket_number}: ${event.data.ticket.subject}`,
      body: `${event.data.entry.created_by} replied.`,
      link: `/tickets/${event.data.ticket.id}`,
    },
    audience: { contactIds: event.data.contact_id ? [event.data.contact_id] : [], ticketWatchers: true, actorContactId: actorContactId(event) },
  }),
  'statement.pushed': ({ data }) =>
    data.created
      ? {
          notice: { category: 'billing', kind: 'statement.posted', title: 'A new statement is ready', body: '', link: '/billing?tab=statements' },
          audience: { billing: true },
        }
      : undefined,
  'payment.succeeded': (event) => ({
    notice: {
      category: 'billing',
      kind: 'payment.succeeded',
      title: `Payment of ${money(event.data.payment.amount)} received`,
      body: event.data.payment.automatic ? 'Your automatic payment went through.' : `Thank you for your payment.`,
      link: '/billing?tab=payments',
    },
    audience: { billing: true, actorContactId: actorContactId(event) },
    // The receipt.
    mailedElsewhere: event.data.notify.map((to) => to.contact_id),
  }),
  'payment.failed': (event) => ({
    notice: {
      category: 'billing',
      kind: 'payment.failed',
      title: `Payment of ${money(event.data.payment.amount)} failed`,
      body: event.data.payment.failure_reason ?? 'The card was declined.',
      link: '/billing?tab=payments',
    },
    // A contact whose own card is refused is told by the answer; the other billing contacts learn of it here.
    audience: { billing: true, actorContactId: actorContactId(event) },
    // Auto-pay's refusal has its own mail.
    mailedElsewhere: event.data.charge.mode === 'autopay' ? event.data.notify.map((to) => to.contact_id) : [],
  }),
  'contact.invited': (event) => ({
    notice: {
      category: 'users',
      kind: 'user.invited',
      title: `${event.data.contact.firstname} (${event.data.contact.email}) was invited`,
      body: `Invited by ${event.data.invited_by}.`,
      link: '/users',
    },
    audience: { admins: true, actorContactId: actorContactId(event) },
  }),
  'contact.updated': (event) =>
    event.data.changed.some((field) => ROLE_FIELDS.has(field))
      ? {
          notice: { category: 'users', kind: 'user.roles_changed', title: 'A user’s roles were changed', body: '', link: '/users' },
          audience: { admins: true, contactIds: [event.data.contact_id], actorContactId: actorContactId(event) },
        }
      : undefined,
  'contact.deleted': (event) => ({
    notice: {
      category: 'users',
      kind: 'user.deleted',
      title: `${event.data.contact.firstname} ${event.data.contact.lastname} was removed from the account`,
      body: '',
      link: '/users',
    },
    audience: { admins: true, actorContactId: actorContactId(event) },
  }),
  'asset.pushed': ({ data }) =>
    data.retired
      ? {
          notice: { category: 'assets', kind: 'asset.retired', title: `${data.name} was marked retired`, body: '', link: '/it-assets' },
          audience: { admins: true },
        }
      : undefined,
  'reminder.due': ({ data }) => REMINDERS[data.kind](data),
  'auth.sign_in_attempted': ({ data, meta }) =>
    data.outcome === 'success' && data.new_browser && data.contact_id !== null
      ? {
          notice: {
            category: 'security',
            kind: 'sign_in.new_browser',
            title: 'New sign-in to your account',
            body: `A browser you had not used before signed in${meta.userAgent ? ` (${meta.userAgent.slice(0, 120)})` : ''}. If this wasn’t you, change your password.`,
            link: '/profile',
          },
          audience: { contactIds: [data.contact_id] },
        }
      : undefined,
  'auth.password_changed': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'password.changed',
      title: 'Your password was changed',
      body: 'If this wasn’t you, reset your password and contact support.',
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
    // The password-changed mail.
    mailedElsewhere: [data.contact_id],
  }),
  // Decision 0049: a change to how the person signs in is security news, mailed whatever their choices.
  'auth.two_factor_enabled': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'two_factor.enabled',
      title: 'Two-step sign-in is on',
      body: 'Signing in now also asks for a code from your authenticator app. If this wasn’t you, contact support.',
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  'auth.two_factor_disabled': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'two_factor.disabled',
      title: 'Two-step sign-in was turned off',
      body: 'Signing in now asks for your password only. If this wasn’t you, change your password and contact support.',
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  // Decision 0050: a passkey signs the person in alone, so one added or removed is security news too, always mailed.
  'auth.passkey_added': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'passkey.added',
      title: 'A passkey was added',
      body: `The passkey “${data.name}” can now sign you in. If this wasn’t you, remove it in your profile, change your password and contact support.`,
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  'auth.passkey_removed': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'passkey.removed',
      title: 'A passkey was removed',
      body: `The passkey “${data.name}” no longer signs you in. If this wasn’t you, change your password and contact support.`,
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  'auth.two_factor_reset': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'two_factor.reset',
      title: 'An administrator turned off your two-step sign-in',
      body: 'Signing in now asks for your password only; set up your authenticator again in your profile. If you did not ask for this, contact your administrator.',
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  'auth.recovery_codes_renewed': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'two_factor.recovery_codes_renewed',
      title: 'You have new recovery codes',
      body: 'The recovery codes you had before no longer work. If this wasn’t you, change your password and contact support.',
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
  'auth.recovery_code_used': ({ data }) => ({
    notice: {
      category: 'security',
      kind: 'two_factor.recovery_code_used',
      title: 'A recovery code was used to sign in',
      body: `${data.remaining === 1 ? 'One recovery code is' : `${data.remaining} recovery codes are`} left. If this wasn’t you, change your password and contact support.`,
      link: '/profile',
    },
    audience: { contactIds: [data.contact_id] },
  }),
};

/** The notice of an event, if it is news. Safe to widen: the table's entry for a type only ever receives events of that type. */
export const noticeOf = (event: AnyDomainEvent): NoticeConsequence | undefined =>
  (NOTICES[event.type] as ((event: AnyDomainEvent) => NoticeConsequence | undefined) | undefined)?.(event);
