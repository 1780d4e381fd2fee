import type { AcceptedAccountUser } from '@portal/contract';

/**
 * Spec texts (docs/product.md §8) of the add, edit and delete dialogs, here rather than in a dialog's module: the
 * dialogs load when first opened (UsersPage), and the screen names some of these texts itself.
 */
export const CREATE_FAILED = 'Failed to create user';
export const LICENSES_FAILED = 'Failed to update licenses';
export const UPDATE_FAILED = 'Failed to update user';

/** A user's name as shown: the list's full name, or (§3 names no field for it) first and last name. */
export function fullName(user: Pick<AcceptedAccountUser, 'firstname' | 'lastname'> & { full_name?: string }): string {
  return user.full_name || `${user.firstname.trim()} ${user.lastname.trim()}`.trim();
}

/** The role badges of a user (docs/product.md §6): 'User' when no flag is set. */
export function roleBadges(user: Pick<AcceptedAccountUser, 'admin_group' | 'billing_group' | 'technical_group'>): string[] {
  const roles = [user.admin_group && 'Admin', user.billing_group && 'Billing', user.technical_group && 'Technical'].filter(Boolean) as string[];
  return roles.length > 0 ? roles : ['User'];
}

/** The role flags with their meaning, as the add and edit forms offer them (docs/product.md §6). */
export const ROLE_OPTIONS = [
  { flag: 'admin_group', label: 'Administrator', description: 'Full system access and user management' },
  { flag: 'billing_group', label: 'Billing Access', description: 'Billing and payment information' },
  { flag: 'technical_group', label: 'Technical Access', description: 'Technical features and settings' },
] as const;

export type PageButton = number | 'gap';

/**
 * The paginator's buttons (docs/product.md §9: up to 5 page buttons, with ellipses): the first and
 * last pages, the current one and its neighbours, and a gap wherever pages are skipped. Near an
 * end the window slides, so there are always up to five numbers.
 */
export function pageButtons(current: number, total: number, shown = 5): PageButton[] {
  if (total <= shown) return Array.from({ length: total }, (_, index) => index + 1);
  const middle = shown - 2;
  let start = Math.max(2, current - Math.floor(middle / 2));
  const end = Math.min(total - 1, start + middle - 1);
  start = Math.max(2, end - middle + 1);
  const buttons: PageButton[] = [1];
  if (start > 2) buttons.push('gap');
  for (let page = start; page <= end; page += 1) buttons.push(page);
  if (end < total - 1) buttons.push('gap');
  buttons.push(total);
  return buttons;
}
