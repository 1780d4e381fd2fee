/**
 * The inventory capability's public entry (decision 0041): its commands and queries, for the customer routes, the
 * provider API, the command line and the server's start. The assets, vendors and credentials tables are this module's.
 */
export {
  createInventoryService,
  type InventoryService,
  toAsset,
  resealVault,
  setCredentialPasswordHidden,
  HIDDEN_PASSWORD_LOCKED,
  VAULT_KEY_MISSING,
} from './inventory.service.js';
export { createInventorySync, type InventorySync, type CredentialTarget } from './inventory-sync.js';
export type { AssetRow, VendorRow, PublicCredentialRow } from './inventory.repository.js';
export { dueInventoryReminders, WARRANTY_NOTICE_DAYS, CREDENTIAL_NOTICE_DAYS } from './inventory-reminders.repository.js';
