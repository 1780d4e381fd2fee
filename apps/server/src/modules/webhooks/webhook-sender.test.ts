import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress, sendWebhook } from './webhook-sender.js';
import { newWebhookSecret } from './webhooks.service.js';

const PORT = 8362;
let server: Server;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/slow') return void setTimeout(() => response.end('late'), 1000);
    if (request.url === '/redirect') return void response.writeHead(302, { location: '/elsewhere' }).end();
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = (path: string, host = '127.0.0.1') => ({
  url: `http://${host}:${PORT}${path}`,
  secret: newWebhookSecret(),
  eventId: 'evt_test',
  body: '{"type":"ticket.created"}',
});

describe('sending one webhook', () => {
  it('signs what the Standard Webhooks library verifies', async () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const signature = new Webhook(secret).sign('evt_1', at, '{}');
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(
      new Webhook(secret).verify('{}', { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature }),
    ).toEqual({});
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const outcome = await sendWebhook(message('/slow'), { timeoutMs: 200, allowPrivateAddresses: true });
    expect(outcome).toMatchObject({ statusCode: null, error: 'No answer within 200 ms' });
    expect(outcome.durationMs).toBeLessThan(900);
  });

  it('does not follow a redirect: it is a failure to retry', async () => {
    expect(await sendWebhook(message('/redirect'), { timeoutMs: 2000, allowPrivateAddresses: true })).toMatchObject({ statusCode: 302, error: 'HTTP 302' });
    expect(hits.filter((path) => path === '/elsewhere')).toEqual([]);
  });

  it('with private addresses refused, sends nothing to loopback, whether named by address or by a name that resolves there', async () => {
    const before = hits.length;
    for (const host of ['127.0.0.1', 'localhost']) {
      const outcome = await sendWebhook(message('/', host), { timeoutMs: 2000, allowPrivateAddresses: false });
      expect(outcome.statusCode).toBeNull();
      expect(outcome.error).toMatch(/private or loopback address; set WEBHOOK_ALLOW_PRIVATE_URLS=true/);
    }
    expect(hits.length).toBe(before);
    expect(await sendWebhook(message('/', 'localhost'), { timeoutMs: 2000, allowPrivateAddresses: true })).toMatchObject({ statusCode: 200, error: null });
  });

  it('knows which addresses are private', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'example.com']) expect(isPrivateAddress(address), address).toBe(false);
  });
});
