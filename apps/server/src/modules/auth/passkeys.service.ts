import type { Passkey, PasskeyCeremony, PasskeyRegistrationInput } from '@portal/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { fullName, type Caller } from './caller.js';
import { beginRegistration, relyingPartyOf, shownPasskey, verifyRegistration } from './passkeys.js';
import { deletePasskey, insertPasskey, listPasskeys, renamePasskey } from './passkeys.repository.js';
import { IMPERSONATED_TWO_FACTOR } from './two-factor.js';

export const PASSKEY_NOT_REGISTERED = 'The passkey was not registered: the prompt expired or the answer was not valid. Please try again.';
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is registered already.';

export interface PasskeysDeps {
  db: Database;
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
}

/** Profile → Security's passkeys (issue 37, decision 0050): the caller's own, named, added and removed by them only. */
export function createPasskeysService({ db, events, config }: PasskeysDeps) {
  const rp = relyingPartyOf(config);
  // Provider staff signed in as the person cannot change how they sign in (as for TOTP, decision 0049).
  const refuseImpersonation = (caller: Caller) => {
    if (caller.impersonatedBy) throw new AppError('forbidden', IMPERSONATED_TWO_FACTOR);
  };

  return {
    async list(caller: Caller): Promise<Passkey[]> {
      return (await listPasskeys(db, caller.contactId)).map(shownPasskey);
    },

    async beginRegistration(caller: Caller): Promise<PasskeyCeremony> {
      refuseImpersonation(caller);
      const contact = { id: caller.contactId, email: caller.email, name: fullName(caller) };
      return beginRegistration(db, rp, contact, await listPasskeys(db, caller.contactId));
    },

    async add(caller: Caller, input: PasskeyRegistrationInput, meta: ClientMeta): Promise<Passkey> {
      refuseImpersonation(caller);
      const verified = await verifyRegistration(db, rp, caller.contactId, input.token, input.credential as RegistrationResponseJSON);
      if (!verified) throw new AppError('validation_failed', PASSKEY_NOT_REGISTERED);
      const name = input.name.trim();
      const added = await inTransaction(db, async (tx) => {
        const row = await insertPasskey(tx, { contactId: caller.contactId, name, ...verified });
        if (!row) throw new AppError('conflict', PASSKEY_ALREADY_REGISTERED);
        await events.record(tx, {
          type: 'auth.passkey_added',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { contact_id: caller.contactId, email: caller.email, firstname: caller.firstname, passkey_id: row.id, name },
        });
        return row;
      });
      return shownPasskey(added);
    },

    async rename(caller: Caller, id: number, name: string): Promise<Passkey> {
      refuseImpersonation(caller);
      const row = await renamePasskey(db, caller.contactId, id, name.trim());
      if (!row) throw notFound('The passkey');
      return shownPasskey(row);
    },

    async remove(caller: Caller, id: number, meta: ClientMeta): Promise<void> {
      refuseImpersonation(caller);
      await inTransaction(db, async (tx) => {
        const row = await deletePasskey(tx, caller.contactId, id);
        if (!row) throw notFound('The passkey');
        await events.record(tx, {
          type: 'auth.passkey_removed',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { contact_id: caller.contactId, email: caller.email, firstname: caller.firstname, passkey_id: row.id, name: row.name },
        });
      });
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
