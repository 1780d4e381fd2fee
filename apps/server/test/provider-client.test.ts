import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SCOPES } from '@portal/contract';
import { ProviderApiError, createProviderClient, type ProviderClient } from '../../../examples/provider-client/provider-client.js';
import { buildTestApp, type TestApp } from './app.js';
import { createTestApiKey } from './provider-keys.js';

/** The example client a provider's developer copies, against the real server listening on a port. */
describe('the provider client (examples/provider-client)', () => {
  let test: TestApp;
  let portal: ProviderClient;

  beforeAll(async () => {
    test = await buildTestApp();
    const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
    portal = createProviderClient({ baseUrl: address, apiKey: await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: 'Client test' }) });
  });
  afterAll(() => test.close());

  it('upserts an account and a ticket, tells created from updated, and reads every page of a list', async () => {
    const first = await portal.call('providerPutAccount', { params: { external_id: 'client-1' }, body: { name: 'Client Co', billing_id: 'ba_client_1' } });
    expect(first.status).toBe(201);
    expect(first.result.created).toBe(true);
    const again = await portal.call('providerPutAccount', { params: { external_id: 'client-1' }, body: { name: 'Client Co' } });
    expect([again.status, again.result.created, again.result.item.id]).toEqual([200, false, first.result.item.id]);

    const bulk = await portal.call('providerBulkTickets', {
      params: { account_external_id: 'client-1' },
      body: { items: Array.from({ length: 7 }, (_, i) => ({ external_id: `CT-${i}`, subject: `Ticket ${i}` })) },
    });
    expect(bulk.result.created).toBe(7);

    const subjects: string[] = [];
    for await (const ticket of portal.each('providerListTickets', { params: { account_external_id: 'client-1' }, query: { limit: 3 } }))
      subjects.push(ticket.subject);
    expect(subjects.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `Ticket ${i}`).sort());
  });

  it('throws the portal’s refusal with its status and field errors', async () => {
    const error = await portal
      .call('providerPutTicket', { params: { account_external_id: 'no-such-account', external_id: 'T-1' }, body: { subject: 'Lost' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderApiError);
    expect((error as ProviderApiError).status).toBe(404);

    const invalid = await portal.call('providerPutAccount', { params: { external_id: 'client-2' }, body: { name: '' } }).catch((e: unknown) => e);
    expect((invalid as ProviderApiError).status).toBe(400);
    expect((invalid as ProviderApiError).fields).toHaveProperty('name');
  });
});
