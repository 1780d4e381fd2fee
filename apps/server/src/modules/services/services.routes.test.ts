import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, PROFILE_TIME_ZONES, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createProduct, createService } from '../../../test/factories.js';

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const get = (url: string, token?: string) => test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const servicesOf = (response: { json(): unknown }) => successEnvelope(endpoints.listServices.result).parse(response.json()).result;

describe('GET /api/crm/services', () => {
  it('lists the account’s services with their product and prices for a billing contact', async () => {
    const db = test.database.db;
    const account = await createAccount(db);
    const user = await createContact(db, { accountId: account.id, billingGroup: true });
    const product = await createProduct(db, { name: 'Voice Seat Test', category: 'Voice', description: 'A seat' });
    const service = await createService(db, {
      accountId: account.id,
      productId: product.id,
      itemType: 'itp_voice',
      apiId: 'itpv-test-1',
      provisionStatus: 'pending',
      price: 249.5,
      quantity: 10,
      metadata: { purchased_users: 10, did: '+15555550100', price_per_did: 1.5 },
    });

    const response = await get('/api/crm/services', (await signIn(test.app, user.email)).access_token);
    expect(response.statusCode).toBe(200);
    expect(servicesOf(response)).toEqual([
      {
        pk: service.id,
        item_type: 'itp_voice',
        api_id: 'itpv-test-1',
        status: 'active',
        provision_status: 'pending',
        product: { name: 'Voice Seat Test', category: 'Voice', description: 'A seat' },
        prod_description: 'A service made by a test',
        price: 249.5,
        quantity: 10,
        date_created: service.createdAt.toISOString(),
        metadata: { purchased_users: 10, did: '+15555550100', price_per_did: 1.5 },
      },
    ]);

    // Prices are billing information: a contact without billing access gets the services without them.
    const plain = await createContact(db, { accountId: account.id });
    const withoutPrices = servicesOf(await get('/api/crm/services', (await signIn(test.app, plain.email)).access_token));
    expect(withoutPrices).toHaveLength(1);
    expect(withoutPrices[0]).toMatchObject({ pk: service.id, price: null, quantity: 10, metadata: { purchased_users: 10, did: '+15555550100' } });
    expect(withoutPrices[0]!.metadata).not.toHaveProperty('price_per_did');
  });

  it('never shows another account’s services', async () => {
    const db = test.database.db;
    const mine = await createAccount(db);
    const theirs = await createAccount(db);
    const user = await createContact(db, { accountId: mine.id });
    const own = await createService(db, { accountId: mine.id });
    await createService(db, { accountId: theirs.id, prodDescription: 'Not yours' });

    const listed = servicesOf(await get('/api/crm/services', (await signIn(test.app, user.email)).access_token));
    expect(listed.map((service) => service.pk)).toEqual([own.id]);
  });

  it('answers an account without services with an empty list', async () => {
    const db = test.database.db;
    const user = await createContact(db, { accountId: (await createAccount(db)).id });
    expect(servicesOf(await get('/api/crm/services', (await signIn(test.app, user.email)).access_token))).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const response = await get('/api/crm/services');
    expect(response.statusCode).toBe(401);
    expect(errorEnvelope.parse(response.json()).message).toBe('Please sign in to continue');
  });
});

describe('GET /api/crm/misc/timezones', () => {
  it('offers the profile time zones of docs/product.md §9, US/Eastern first', async () => {
    const db = test.database.db;
    const user = await createContact(db, { accountId: (await createAccount(db)).id });
    const response = await get('/api/crm/misc/timezones', (await signIn(test.app, user.email)).access_token);
    const zones = successEnvelope(endpoints.listTimezones.result).parse(response.json()).result;
    expect(zones.map((zone) => zone.value)).toEqual([...PROFILE_TIME_ZONES]);
    expect(zones[0]).toEqual({ value: 'US/Eastern', label: 'US/Eastern' });
  });

  it('refuses an anonymous caller', async () => {
    expect((await get('/api/crm/misc/timezones')).statusCode).toBe(401);
  });
});
