import { USERS_PAGE_SIZE, type AcceptedAccountUser, type AccountUserStats } from '@portal/contract';

/** What the Users screen shows of one answer: this page's users, the four cards and how many pages. */
export interface UsersListing {
  rows: AcceptedAccountUser[];
  /** The cards (all users, admins, billing, technical) and how many match the search; undefined while unknown. */
  counts: AccountUserStats | undefined;
  pages: number;
}

const pagesFor = (matching: number) => Math.max(1, Math.ceil(matching / USERS_PAGE_SIZE));

/**
 * Our server pages, searches and counts the users itself (limit/offset/search on GET /crm/contacts,
 * and GET /crm/contacts/stats; docs/decisions/0013): its answer is the page, shown as it is.
 *
 * A server that answers as the spec describes has neither: GET /crm/contacts is every contact of the
 * account, whatever was asked, and the counts call is not there (`stats` is null). The answer is then
 * searched, paged (§9: ten a page) and counted here. An answer longer than a page also gives such a
 * server away, before its missing counts do.
 */
export function usersListing(answer: AcceptedAccountUser[], stats: AccountUserStats | null | undefined, search: string, page: number): UsersListing {
  const everyUser = stats === null || answer.length > USERS_PAGE_SIZE;
  if (!everyUser) return { rows: answer, counts: stats, pages: pagesFor(stats?.matching ?? 0) };
  const matching = search ? answer.filter((user) => matchesSearch(user, search)) : answer;
  const first = (page - 1) * USERS_PAGE_SIZE;
  return {
    rows: matching.slice(first, first + USERS_PAGE_SIZE),
    counts: {
      total: answer.length,
      admins: answer.filter((user) => user.admin_group).length,
      billing: answer.filter((user) => user.billing_group).length,
      technical: answer.filter((user) => user.technical_group).length,
      matching: matching.length,
    },
    pages: pagesFor(matching.length),
  };
}

/** As our server searches (users.repository.ts): the name, the e-mail or the mobile contains the text, in any case. */
export function matchesSearch(user: Pick<AcceptedAccountUser, 'firstname' | 'lastname' | 'email' | 'mobile'>, search: string): boolean {
  const wanted = search.toLowerCase();
  return [`${user.firstname} ${user.lastname}`, user.email, user.mobile ?? ''].some((text) => text.toLowerCase().includes(wanted));
}
