import type { Caller } from '../auth/index.js';

/**
 * What an administrator may do to the account's users (docs/product.md §6, decision 0013). The account
 * must always keep an administrator, and nobody takes their own administration away by accident:
 * an administrator cannot remove their own admin flag or delete themself.
 */
export const OWN_ADMIN_FLAG = 'You cannot remove your own administrator access. Ask another administrator of your account to do it.';
export const DELETE_SELF = 'You cannot delete your own user. Ask another administrator of your account to do it.';
export const LAST_ADMIN = 'Your account must keep at least one administrator. Give another user administrator access first.';

export const isSelf = (caller: Pick<Caller, 'contactId'>, contactId: number) => caller.contactId === contactId;
