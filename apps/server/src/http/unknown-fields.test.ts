import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, providerEndpoints } from '@portal/contract';
import { findUnknownField } from './unknown-fields.js';

describe('findUnknownField: the key a change would silently drop', () => {
  it('finds the wrapper of a contact update the body does not have ({"user": {"email": {}}})', () => {
    expect(findUnknownField(endpoints.updateContact.body!, { user: { email: {} } })).toEqual(['user']);
    expect(findUnknownField(endpoints.updateContact.body!, { email: 'a@b.example', mobile: null })).toBeUndefined();
  });

  it('looks inside nested objects and arrays, and through unions, defaults and pipes', () => {
    const schema = z.object({
      card: z.object({ number: z.string().transform((n) => n.trim()) }).optional(),
      items: z.array(z.object({ id: z.number() })).default([]),
      choice: z.union([z.object({ a: z.number() }).strict(), z.object({ b: z.number() })]),
    });
    expect(findUnknownField(schema, { card: { number: '1', cvv: '123' } })).toEqual(['card', 'cvv']);
    expect(findUnknownField(schema, { items: [{ id: 1 }, { id: 2, extra: true }] })).toEqual(['items', 1, 'extra']);
    expect(findUnknownField(schema, { choice: { b: 1 } })).toBeUndefined();
    expect(findUnknownField(schema, { choice: { c: 1 } })).toEqual(['choice', 'c']);
  });

  it('lets any key through where the schema takes any (a record, a catchall, unknown)', () => {
    const schema = z.object({ metadata: z.record(z.string(), z.unknown()), extra: z.object({}).catchall(z.unknown()) });
    expect(findUnknownField(schema, { metadata: { anything: 1 }, extra: { free: 'form' } })).toBeUndefined();
  });

  it('knows the billing account PATCH’s three shapes and a provider PUT’s fields', () => {
    expect(findUnknownField(endpoints.updateBillingAccount.body!, { automatic_payments: false, credit_card_info: {} })).toBeUndefined();
    expect(findUnknownField(endpoints.updateBillingAccount.body!, { autopay: true })).toEqual(['autopay']);
    expect(findUnknownField(providerEndpoints.providerPutAccount.body!, { name: 'Acme', nmae: 'typo' })).toEqual(['nmae']);
  });
});
