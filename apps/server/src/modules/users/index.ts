/**
 * The users capability's public entry (decision 0041): what other modules and the provider layer may use of it. The
 * contacts table is this module's; others ask it here rather than reading the table.
 */
export { contactIdsByExternalId, externalIdsOfContacts, reachableContact } from './users.repository.js';
