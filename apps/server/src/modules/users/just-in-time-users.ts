import { DEFAULT_USER_TIME_ZONE } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { insertContact } from './users.repository.js';
import { asSignInNameConflict } from './sign-in-name.js';
import { createdContact } from './contact-created.js';

/**
 * A plain user (no role, no password, no invitation) created at their first sign-in through their account's identity
 * provider, where the account allows just-in-time users (decision 0051). Recorded as any new user is.
 */
export async function createJustInTimeUser(
  deps: { db: Database; events: EventRecorder },
  by: EventOrigin,
  input: { accountId: number; email: string; firstname: string; lastname: string },
): Promise<number> {
  try {
    return await inTransaction(deps.db, async (tx) => {
      const row = await insertContact(tx, {
        accountId: input.accountId,
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email.toLowerCase(),
        mobile: null,
        timeZone: DEFAULT_USER_TIME_ZONE,
        adminGroup: false,
        billingGroup: false,
        technicalGroup: false,
        passwordHash: null,
      });
      await deps.events.record(tx, {
        type: 'contact.created',
        accountId: input.accountId,
        ...by,
        data: { contact: createdContact(row) },
      });
      return row.id;
    });
  } catch (error) {
    throw asSignInNameConflict(error, input.email);
  }
}
