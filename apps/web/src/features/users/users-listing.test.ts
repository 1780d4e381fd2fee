import { specContacts } from '@portal/contract/spec-shaped';
import { describe, expect, it } from 'vitest';
import { usersListing } from './users-listing';

const OUR_STATS = { total: 120, admins: 2, billing: 5, technical: 7, matching: 31 };
const names = (rows: { firstname: string }[]) => rows.map((row) => row.firstname);

describe('what the Users screen shows of an answer', () => {
  it('shows our server’s page and counts as they are', () => {
    const page = specContacts.slice(0, 10);
    expect(usersListing(page, OUR_STATS, 'a', 2)).toEqual({ rows: page, counts: OUR_STATS, pages: 4 });
    // The counts still on their way: the page, and one page until they come.
    expect(usersListing(page, undefined, '', 1)).toEqual({ rows: page, counts: undefined, pages: 1 });
  });

  it('searches, pages and counts every contact of a server without the counts call, however few', () => {
    const few = specContacts.slice(0, 4);
    expect(usersListing(few, null, 'TECH', 1)).toEqual({
      rows: [few[2]],
      counts: { total: 4, admins: 1, billing: 2, technical: 1, matching: 1 },
      pages: 1,
    });
    // Name, e-mail and mobile are searched, as our server searches them.
    expect(names(usersListing(few, null, 'gus.plain@', 1).rows)).toEqual(['Gus']);
    expect(names(usersListing(specContacts, null, '555 010 009', 1).rows)).toEqual(['Max']);
  });

  it('takes an answer longer than a page for every contact, before the counts call has failed', () => {
    const listing = usersListing(specContacts, undefined, '', 2);
    expect(names(listing.rows)).toEqual(['Nia', 'Oto']);
    expect(listing.counts).toEqual({ total: 12, admins: 1, billing: 2, technical: 1, matching: 12 });
    expect(listing.pages).toBe(2);
  });
});
