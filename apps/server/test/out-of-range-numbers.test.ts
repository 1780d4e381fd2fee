import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact } from './factories.js';

/*
 * Ids beyond PostgreSQL's integer reached the database and failed as a 500 (a license's
 * service_id of 2147483648, a support tool's tool_id, an order id of 4294967296 in the path). Every
 * id a request carries now has its column's range: in a body a 400 naming the field; in a path, an
 * id no record can have is a 404, as any id that is not there.
 */
describe('ids beyond their column’s range', () => {
  let test: TestApp;
  let token: string;
  let contactId: number;

  beforeAll(async () => {
    test = await buildTestApp();
    const account = await createAccount(test.database.db);
    const admin = await createContact(test.database.db, { accountId: account.id, adminGroup: true, billingGroup: true });
    contactId = admin.id;
    token = (await signIn(test.app, admin.email)).access_token;
  });
  afterAll(() => test.close());

  const refused = (response: { statusCode: number; json(): unknown }, field: string, message: string | RegExp) => {
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).fields?.[field]).toMatch(message);
  };

  it('a license’s service_id of 2^31: 400 naming it, no license added', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/crm/contacts/${contactId}/licenses`,
      headers: bearer(token),
      payload: { service_id: 2147483648 },
    });
    refused(response, 'service_id', 'service_id must be at most 2147483647');
    const { rows } = await test.database.pool.query('SELECT count(*)::int AS n FROM licenses');
    expect(rows[0].n).toBe(0);
  });

  it('a support tool’s tool_id of 2^53 on a link and on a download: 400 naming it', async () => {
    const link = await test.app.inject({
      method: 'POST',
      url: '/api/crm/support-tools/generate-link',
      headers: bearer(token),
      payload: { tool_id: 9007199254740992, valid_hours: 24 },
    });
    // Beyond 2^53 is no safe integer at all, so zod calls it no whole number: still a 400 naming the field.
    refused(link, 'tool_id', /^tool_id must be (at most 2147483647|a whole number)$/);
    const download = await test.app.inject({
      method: 'POST',
      url: '/api/crm/support-tools/download',
      headers: bearer(token),
      payload: { tool_id: 2147483648, download_token: 'direct-download' },
    });
    refused(download, 'tool_id', 'tool_id must be at most 2147483647');
  });

  it('an id beyond 2^31 in a path names no record: 404, for a read and a delete, nothing removed', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/crm/orders/4294967296', headers: bearer(token) })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'DELETE', url: '/api/crm/contacts/2147483648', headers: bearer(token) })).statusCode).toBe(404);
    const { rows } = await test.database.pool.query('SELECT count(*)::int AS n FROM contacts WHERE id = $1', [contactId]);
    expect(rows[0].n).toBe(1);
  });

  it('the largest id that fits is an ordinary id: 404, not found', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/orders/2147483647', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
  });
});
