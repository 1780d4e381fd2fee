import type { EventConsumer } from '../events/event-recorder.js';
import { rememberRemovedUser } from '../modules/identity-providers/index.js';

/**
 * Keeps the address of a contact deleted in the portal (decision 0051): an account that lets its identity provider
 * create users just in time must not bring them back at their next sign-in there.
 */
export function removedUsersConsumer(): EventConsumer {
  return {
    name: 'identity-provider-removed-users',
    async consume(tx, event) {
      if (event.type === 'contact.deleted' && event.accountId !== null) await rememberRemovedUser(tx, event.accountId, event.data.contact.email);
    },
  };
}
