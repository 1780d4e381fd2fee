import type { AppConfig } from '../../config/index.js';
import type { Executor } from '../../db/client.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { issuePasswordLinks } from '../auth/index.js';

/** An invitation link works for a week; the administrator can send a new one at any time. */
export const INVITATION_VALID_DAYS = 7;

export interface InvitationDeps {
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl'>;
}

/**
 * Invites contacts of one account to choose their first password, in the caller's transaction: a single-use link each
 * (replacing any earlier one), recorded as one `contact.invited` per contact whose mail carries the link as the event's
 * secret. The one way a contact is invited: by an administrator adding a user or sending the invitation again, and by
 * the provider's systems creating contacts.
 */
export async function inviteContacts(
  tx: Executor,
  { events, config }: InvitationDeps,
  by: EventOrigin,
  input: {
    accountId: number;
    contacts: readonly { id: number; email: string; firstname: string }[];
    invitedBy: string;
    accountName: string;
    again?: boolean;
  },
): Promise<void> {
  if (input.contacts.length === 0) return;
  const links = await issuePasswordLinks(tx, {
    contactIds: input.contacts.map((contact) => contact.id),
    ttlMs: INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000,
    ip: by.meta?.ip ?? null,
    publicUrl: config.publicUrl,
  });
  for (const [index, contact] of input.contacts.entries()) {
    await events.record(tx, {
      type: 'contact.invited',
      accountId: input.accountId,
      ...by,
      data: {
        contact: { contact_id: contact.id, email: contact.email, firstname: contact.firstname },
        invited_by: input.invitedBy,
        account_name: input.accountName,
        again: input.again ?? false,
      },
      secrets: { link: links[index]! },
    });
  }
}
