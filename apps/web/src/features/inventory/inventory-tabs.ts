/** The five tabs of docs/product.md §2, in order; the address keeps the open one (?tab=credentials). */
export const INVENTORY_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'assets', label: 'Assets' },
  { value: 'vendors', label: 'Vendors' },
  { value: 'credentials', label: 'Credentials' },
  { value: 'support-tools', label: 'Support Tools' },
] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number]['value'];

/** The tabs a user gets: all five for an administrator; a technical contact's have no Credentials (decision 0031). */
export const inventoryTabsFor = ({ withVault }: { withVault: boolean }) => INVENTORY_TABS.filter((tab) => withVault || tab.value !== 'credentials');
