import { describe, expect, it } from 'vitest';
import { buildPath, endpoints, toOpenApiPath, type Endpoint } from './index.js';
import {
  amountBalanceRefusal,
  amountOverBalance,
  cardTypeFromPrefix,
  cardTypeMismatch,
  creditCardInput,
  isClosedTicketStatus,
  newCardPayment,
  NOTHING_TO_PAY,
  SECURITY_CODE_SHAPE,
  securityCodeRefusal,
  ticketListQuery,
} from './index.js';

describe('contract', () => {
  it('defines each method and path once', () => {
    const keys = (Object.values(endpoints) as Endpoint[]).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('covers every call of docs/product.md §7', () => {
    const keys = new Set((Object.values(endpoints) as Endpoint[]).map((e) => `${e.method} ${e.path}`));
    for (const call of [
      'POST /crm/auth/login',
      'GET /crm/auth/refresh',
      'GET /crm/auth/reset-pw',
      'POST /crm/auth/reset-pw',
      'PATCH /crm/myprofile',
      'PATCH /portal/my-profile',
      'GET /crm/contacts',
      'POST /crm/contacts',
      'PATCH /crm/contacts/:id',
      'DELETE /crm/contacts/:id',
      'GET /crm/contacts/:id/licenses',
      'POST /crm/contacts/:id/licenses',
      'DELETE /crm/contacts/:id/licenses/:licenseId',
      'GET /crm/services',
      'GET /crm/misc/timezones',
      'GET /billing/account/:id',
      'GET /billing/account/:id/payments',
      'GET /billing/account/:id/statements',
      'GET /crm/accounts/statements/:id',
      'POST /billing/account/:id/payments/creditcard',
      'POST /billing/account/:id/payments/creditcard-onfile',
      'PATCH /billing/account/:id',
      'DELETE /billing/account/:id/payments/creditcard',
      'GET /crm/orders',
      'GET /crm/orders/:id',
      'GET /crm/assets',
      'GET /crm/assets/:id',
      'GET /crm/vendors',
      'GET /crm/credentials',
      'POST /crm/credentials',
      'GET /crm/nable-tickets',
      'GET /crm/nable-tickets/:id',
      'GET /crm/nable-tickets/:id/conversation',
      'POST /crm/nable-tickets/:id',
      'GET /crm/support-tools',
      'POST /crm/support-tools/generate-link',
      'POST /crm/support-tools/download',
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

  it('takes a security code (CVC) of 3 or 4 digits, and none at all (the spec’s fields have none)', () => {
    const base = { amount: 10.5, cc_first_name: 'A', cc_last_name: 'B', cc_num: '4242424242424242', cc_exp_month: '01', cc_exp_year: '2030', cc_type: 'visa' };
    expect(newCardPayment.parse({ payment: base }).payment.cc_cvc).toBeUndefined();
    expect(newCardPayment.parse({ payment: { ...base, cc_cvc: '123' } }).payment.cc_cvc).toBe('123');
    expect(newCardPayment.parse({ payment: { ...base, cc_cvc: '1234' } }).payment.cc_cvc).toBe('1234');
    for (const cc_cvc of ['12', '12345', '12a', ' 123', '']) {
      const result = newCardPayment.safeParse({ payment: { ...base, cc_cvc } });
      expect(
        result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
        cc_cvc,
      ).toEqual([['payment.cc_cvc', SECURITY_CODE_SHAPE]]);
    }
    const card = { first_name: 'A', last_name: 'B', number: '4242424242424242', exp_month: '01', exp_year: '2030', type: 'visa' };
    expect(creditCardInput.parse(card).cvc).toBeUndefined();
    expect(creditCardInput.safeParse({ ...card, cvc: '99' }).success).toBe(false);
  });

  it('tells a card’s network from its first digits, as they are typed', () => {
    const cases: Array<[string, string | null]> = [
      ['4', 'visa'],
      ['4242 4242', 'visa'],
      ['51', 'mastercard'],
      ['5555-5555', 'mastercard'],
      ['2221', 'mastercard'],
      ['2720 99', 'mastercard'],
      ['2220', null],
      ['2721', null],
      ['22', null],
      ['50', null],
      ['56', null],
      ['34', 'amex'],
      ['37', 'amex'],
      ['35', null],
      ['6011', 'discover'],
      ['65', 'discover'],
      ['644', 'discover'],
      ['649', 'discover'],
      ['643', null],
      ['6012', null],
      ['', null],
      ['4x', null],
      ['1', null],
    ];
    for (const [typed, type] of cases) expect(cardTypeFromPrefix(typed), typed).toBe(type);
  });

  it('knows the security code’s length by card type, and says the balance refusal as the server does', () => {
    expect(securityCodeRefusal('123', 'visa')).toBeNull();
    expect(securityCodeRefusal('1234', 'amex')).toBeNull();
    expect(securityCodeRefusal('1234', 'visa')).toBe('A Visa security code has 3 digits.');
    expect(securityCodeRefusal('123', 'amex')).toBe('An American Express security code has 4 digits.');
    expect(securityCodeRefusal('12', 'discover')).toBe(SECURITY_CODE_SHAPE);
    expect(cardTypeMismatch('Mastercard', 'Visa')).toBe('This is a Mastercard card number, but Visa was chosen as the card type.');
    expect(cardTypeMismatch('American Express', 'Visa')).toBe('This is an American Express card number, but Visa was chosen as the card type.');
    expect(amountOverBalance(1234.5)).toBe('The amount is more than the balance of $1,234.50.');
    expect(amountOverBalance(25_000)).toBe('The amount is more than the balance of $25,000.00.');
    expect(amountOverBalance(0.07)).toBe('The amount is more than the balance of $0.07.');
    expect(amountBalanceRefusal(100, 0)).toBe(NOTHING_TO_PAY);
    expect(amountBalanceRefusal(100.01, 100)).toBe(amountOverBalance(100));
    expect(amountBalanceRefusal(100, 100)).toBeNull();
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
