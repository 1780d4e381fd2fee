/**
 * The accounts capability's public entry (decision 0041): the customer accounts the provider's systems push, and the
 * lookup every provider call starts with. The accounts table is this module's.
 */
export { createAccountSync, type AccountSync, type AccountRow, type AccountItem } from './account-sync.js';
export { findAccountByExternalId } from './account-sync.repository.js';
export { monitoringCustomerNameOf } from './accounts.repository.js';
