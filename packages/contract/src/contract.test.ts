import { describe, expect, it } from 'vitest';
import { buildPath, endpoints, toOpenApiPath, type Endpoint } from './index.js';
import { isClosedTicketStatus, newCardPayment, ticketListQuery } from './index.js';

describe('contract', () => {
  it('defines each method and path once', () => {
    const keys = (Object.values(endpoints) as Endpoint[]).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('covers every call of docs/product.md §7', () => {
    const keys = new Set((Object.values(endpoints) as Endpoint[]).map((e) => `${e.method} ${e.path}`));
    for (const call of [
      'POST /crm/auth/login', 'GET /crm/auth/refresh', 'GET /crm/auth/reset-pw', 'POST /crm/auth/reset-pw', 'PATCH /crm/myprofile',
      'PATCH /portal/my-profile', 'GET /crm/contacts', 'POST /crm/contacts', 'PATCH /crm/contacts/:id', 'DELETE /crm/contacts/:id',
      'GET /crm/contacts/:id/licenses', 'POST /crm/contacts/:id/licenses', 'DELETE /crm/contacts/:id/licenses/:licenseId',
      'GET /crm/services', 'GET /crm/misc/timezones',
      'GET /billing/account/:id', 'GET /billing/account/:id/payments', 'GET /billing/account/:id/statements',
      'GET /crm/accounts/statements/:id', 'POST /billing/account/:id/payments/creditcard',
      'POST /billing/account/:id/payments/creditcard-onfile', 'PATCH /billing/account/:id',
      'DELETE /billing/account/:id/payments/creditcard', 'GET /crm/orders', 'GET /crm/orders/:id',
      'GET /crm/assets', 'GET /crm/assets/:id', 'GET /crm/vendors', 'GET /crm/credentials', 'POST /crm/credentials',
      'GET /crm/nable-tickets', 'GET /crm/nable-tickets/:id', 'GET /crm/nable-tickets/:id/conversation', 'POST /crm/nable-tickets/:id',
      'GET /crm/support-tools', 'POST /crm/support-tools/generate-link', 'POST /crm/support-tools/download',
      'GET /crm/support-tools/download-history',
    ]) {
      expect(keys, call).toContain(call);
    }
  });

  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(buildPath('/crm/contacts/:id/licenses/:licenseId', { id: 7, licenseId: 'a/b' })).toBe('/crm/contacts/7/licenses/a%2Fb');
    expect(() => buildPath('/crm/contacts/:id', {})).toThrow(/Missing path parameter "id"/);
    expect(toOpenApiPath('/crm/contacts/:id/licenses/:licenseId')).toBe('/crm/contacts/{id}/licenses/{licenseId}');
  });

  it('gives the ticket list its spec defaults: limit 100, status active, sort newest (and offset 0, docs/decisions/0019)', () => {
    expect(ticketListQuery.parse({})).toEqual({ limit: 100, offset: 0, status: 'active', sort: 'newest' });
    expect(ticketListQuery.safeParse({ status: 'bogus' }).success).toBe(false);
    expect(ticketListQuery.parse({ offset: '200' }).offset).toBe(200);
    for (const offset of ['-1', '1.5', 'x', '1000001']) expect(ticketListQuery.safeParse({ offset }).success).toBe(false);
  });

  it('knows the closed statuses (docs/decisions/0018)', () => {
    expect(['Complete', 'Reviewed', 'Billed', 'Cancelled'].every(isClosedTicketStatus)).toBe(true);
    expect(['New', 'Assigned', 'Accepted', 'In Progress', 'On Hold', 'closed', ''].some(isClosedTicketStatus)).toBe(false);
  });

  it('normalises a card number and never accepts letters in it', () => {
    const base = { amount: 10.5, cc_first_name: 'A', cc_last_name: 'B', cc_exp_month: '01', cc_exp_year: '2030', cc_type: 'visa' };
    expect(newCardPayment.parse({ payment: { ...base, cc_num: '4242 4242 4242 4242' } }).payment.cc_num).toBe('4242424242424242');
    expect(newCardPayment.safeParse({ payment: { ...base, cc_num: '4242abcd' } }).success).toBe(false);
    expect(newCardPayment.safeParse({ payment: { ...base, cc_num: '4242424242424242', amount: 10.555 } }).success).toBe(false);
  });
});

describe('support-tool generate-link shapes (docs/decisions/0017)', () => {
  it('tells the build from a link: os_type alone builds, valid_hours makes a link (24 h by default, a week at most)', async () => {
    const { generateLinkInput } = await import('./index.js');
    expect(generateLinkInput.parse({ tool_id: 1, os_type: 'windows' })).toEqual({ tool_id: 1, os_type: 'windows' });
    expect(generateLinkInput.parse({ tool_id: 1 })).toEqual({ tool_id: 1, valid_hours: 24 });
    expect(generateLinkInput.parse({ tool_id: 1, valid_hours: 4, os_type: 'mac' })).toEqual({ tool_id: 1, valid_hours: 4, os_type: 'mac' });
    expect(generateLinkInput.safeParse({ tool_id: 1, valid_hours: 169 }).success).toBe(false);
    expect(generateLinkInput.safeParse({ tool_id: 1, os_type: 'beos' }).success).toBe(false);
  });
});
