import { PROFILE_TIME_ZONES, type Contact, type MyPreferences, type MyProfileInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, unauthenticated } from '../../platform/app-error.js';
import type { Caller } from '../auth/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { asSignInNameConflict, findContact, refuseTakenSignInName, toWireContact, updateContact } from '../users/index.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';

export { emailTakenMessage } from '../users/index.js';
export const TIME_ZONE_REFUSED = `Please choose one of these time zones: ${PROFILE_TIME_ZONES.join(', ')}`;

export interface ProfileServiceDeps {
  db: Database;
  /** The auth module's re-authentication, asked before the sign-in e-mail changes. */
  confirmPassword: (caller: Caller, password: string | undefined, meta: ClientMeta) => Promise<void>;
  events: EventRecorder;
}

export function createProfileService({ db, confirmPassword, events }: ProfileServiceDeps) {
  return {
    /** The caller's theme, kept on the contact so the next sign-in, in any browser, starts with it. */
    async savePreferences(caller: Caller, preferences: MyPreferences): Promise<MyPreferences> {
      const row = await updateContact(db, caller.accountId, caller.contactId, { uiColorMode: preferences.ui_color_mode });
      if (!row) throw unauthenticated();
      return { ui_color_mode: row.uiColorMode };
    },

    /**
     * Changes the caller's own name, e-mail and time zone. The e-mail is the sign-in username, so
     * it must be free across all accounts, the current password confirms the change, and the old
     * address is told of it.
     */
    async update(caller: Caller, input: MyProfileInput, meta: ClientMeta): Promise<Contact> {
      const email = input.email.toLowerCase();
      // The contact's current zone stays acceptable (an admin may have set one outside the profile list).
      if (!(PROFILE_TIME_ZONES as readonly string[]).includes(input.timezone) && input.timezone !== caller.timeZone) {
        throw new AppError('validation_failed', TIME_ZONE_REFUSED, { timezone: TIME_ZONE_REFUSED });
      }
      if (email !== caller.email.toLowerCase()) {
        await confirmPassword(caller, input.current_password, meta);
        await refuseTakenSignInName(db, email, caller.contactId);
      }

      try {
        const contact = await inTransaction(db, async (tx) => {
          const before = await findContact(tx, caller.accountId, caller.contactId);
          if (!before) throw unauthenticated();
          const after = await updateContact(tx, caller.accountId, caller.contactId, {
            firstname: input.firstname,
            lastname: input.lastname,
            email,
            timeZone: input.timezone,
          });
          if (!after) throw unauthenticated();
          const emailChanged = before.email.toLowerCase() !== email;
          const changed = (['firstname', 'lastname', 'email', 'timeZone'] as const).filter((field) => before[field] !== after[field]);
          await events.record(tx, {
            type: 'profile.updated',
            accountId: caller.accountId,
            actor: contactActor(caller),
            meta,
            data: {
              contact: {
                id: after.id,
                external_id: after.externalId,
                email: after.email,
                firstname: after.firstname,
                lastname: after.lastname,
                time_zone: after.timeZone,
              },
              changed: changed.map((field) => (field === 'timeZone' ? 'time_zone' : field)),
              previous_email: emailChanged ? before.email : null,
            },
          });
          return after;
        });
        return toWireContact(contact);
      } catch (error) {
        // Two contacts racing for one address: the unique index decides, and the loser gets the same answer.
        throw asSignInNameConflict(error, email);
      }
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
