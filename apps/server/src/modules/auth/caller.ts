/** The signed-in contact making a request, as the database says now (flags are never read from the token). */
export interface Caller {
  contactId: number;
  /** The contact's id in the provider's systems (provider API); null for a user added in the portal. */
  externalId: string | null;
  accountId: number;
  sessionId: string;
  email: string;
  firstname: string;
  lastname: string;
  adminGroup: boolean;
  billingGroup: boolean;
  technicalGroup: boolean;
  timeZone: string;
  uiColorMode: 'light' | 'dark' | 'auto';
  account: { name: string; billingApiId: string | null };
  /** The provider staff member who opened this session by impersonation, if any. */
  impersonatedBy: string | null;
}

export const fullName = (caller: Pick<Caller, 'firstname' | 'lastname'>) => `${caller.firstname} ${caller.lastname}`.trim();

/** The roles a signed-in endpoint may require (EndpointAccess without the kinds that need no contact). */
export type CallerAccess = 'user' | 'admin' | 'billing' | 'technical';

/**
 * Whether the caller's flags, as the database has them now, grant an access (docs/product.md §6):
 * 'technical' is administrators and technical contacts (docs/decisions/0031). The request pipeline
 * checks endpoints with it, the apps' policy tiles, the tickets' policy the whole account's tickets.
 */
export function flagsGrant(caller: Pick<Caller, 'adminGroup' | 'billingGroup' | 'technicalGroup'>, access: CallerAccess): boolean {
  switch (access) {
    case 'user':
      return true;
    case 'admin':
      return caller.adminGroup;
    case 'billing':
      return caller.billingGroup;
    case 'technical':
      return caller.adminGroup || caller.technicalGroup;
  }
}
