import type { Caller } from '../auth/caller.js';

/**
 * Which tickets a caller may see (spec §6): administrators all of their account's, everyone else
 * only those assigned to them. Nobody ever sees another account's; the account is always part of it.
 */
export interface TicketScope {
  accountId: number;
  /** Set for non-administrators: only tickets assigned to this contact. */
  assignedContactId: number | undefined;
  isAdminView: boolean;
}

export function ticketScopeOf(caller: Pick<Caller, 'accountId' | 'contactId' | 'adminGroup'>): TicketScope {
  return {
    accountId: caller.accountId,
    assignedContactId: caller.adminGroup ? undefined : caller.contactId,
    isAdminView: caller.adminGroup,
  };
}
