import type { SessionFlags } from './SessionProvider';

/** What a screen may require of the signed-in user's flags: the server's endpoint access of the same name. */
export type ScreenAccess = 'admin' | 'billing' | 'technical';

/**
 * Whether the signed-in user's flags grant an access (docs/product.md §6): 'technical' is administrators and
 * technical contacts (docs/decisions/0031). The server decides every call the same way (its `flagsGrant`); this
 * only chooses what the screens offer.
 */
export function flagsGrant(flags: SessionFlags, access: ScreenAccess): boolean {
  switch (access) {
    case 'admin':
      return flags.admin_group;
    case 'billing':
      return flags.billing_group;
    case 'technical':
      return flags.admin_group || flags.technical_group;
  }
}
