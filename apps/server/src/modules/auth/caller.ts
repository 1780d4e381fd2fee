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
