/**
 * The users capability's public entry (decision 0041): its commands and queries, for the customer routes, the provider
 * API, other modules and the event consumers. The contacts and licenses tables are this module's; others ask it here
 * rather than reading them.
 */
export { createUsersService, type UsersService } from './users.service.js';
export { createContactSync, type ContactSync, type ContactPushed, type PushedContact, type SyncedContactRow } from './contact-sync.js';
export { INVITATION_VALID_DAYS } from './invitations.js';
export { invitationMail } from './users.mails.js';
export { billingContactsOf, contactIdsByExternalId, externalIdsOfContacts, findContact, reachableContact, updateContact } from './users.repository.js';
export { toWireContact } from './contact-wire.js';
export { asSignInNameConflict, emailTakenMessage, refuseTakenSignInName } from './sign-in-name.js';
export { contactPasswords } from './passwords.repository.js';
export { createJustInTimeUser } from './just-in-time-users.js';
