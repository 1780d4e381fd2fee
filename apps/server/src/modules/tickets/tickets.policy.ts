import { flagsGrant, type Caller } from '../auth/index.js';

/**
 * Which tickets a caller may see (docs/product.md §6): administrators and technical contacts all of
 * their account's (docs/decisions/0031), everyone else only those assigned to them. Nobody ever sees
 * another account's; the account is always part of it. The tickets screen and the dashboard both ask
 * this policy; ticket-visibility.repository.ts turns it into SQL.
 */
export interface TicketScope {
  accountId: number;
  /** Set for everyone else: only tickets assigned to this contact; `null` for the whole account. */
  assignedContactId: number | null;
  /** The caller is an administrator: the spec's 'Admin View' (a technical contact sees the account's tickets without it). */
  isAdminView: boolean;
}

export function ticketScopeOf(caller: Pick<Caller, 'accountId' | 'contactId' | 'adminGroup' | 'billingGroup' | 'technicalGroup'>): TicketScope {
  return {
    accountId: caller.accountId,
    assignedContactId: flagsGrant(caller, 'technical') ? null : caller.contactId,
    isAdminView: caller.adminGroup,
  };
}

/** Whose tickets a scope holds, as the ticket list and the dashboard say it. */
export const ticketsScopeName = (scope: TicketScope): 'account' | 'assigned' => (scope.assignedContactId === null ? 'account' : 'assigned');
