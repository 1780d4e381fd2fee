import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { bearer, signIn } from '../../test/auth.js';
import { createAccount, createContact } from '../../test/factories.js';
import { createLogger } from '../platform/logger.js';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789';

/** A port nobody listens on just now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** One sample's value from the Prometheus text format, or 0 when the series is not there (yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics with a metrics token', () => {
  let test: TestApp;
  let email: string;

  beforeAll(async () => {
    test = await buildTestApp({ METRICS_TOKEN }, { processMetrics: true });
    const account = await createAccount(test.database.db);
    email = (await createContact(test.database.db, { accountId: account.id })).email;
  });
  afterAll(() => test.close());

  const scrape = async () => {
    const response = await test.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('refuses a caller without the token, with a wrong token, and with a portal access token', async () => {
    const { access_token } = await signIn(test.app, email);
    for (const headers of [{}, bearer('not-the-metrics-token'), bearer(access_token), { authorization: METRICS_TOKEN }]) {
      const response = await test.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(errorEnvelope.parse(response.json()).code).toBe('unauthenticated');
      expect(response.body).not.toContain('portal_');
    }
  });

  it('answers the Prometheus text format with process, pool and portal metrics to the token', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'portal_db_pool_connections',
      'portal_db_pool_idle_connections',
      'portal_db_pool_waiting_requests',
      'portal_sign_ins_total',
      'portal_sign_ins_refused_total',
      'portal_throttled_requests_total',
      'portal_payments_total',
      'portal_mails_total',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    // The pool has opened connections by now (the sign-in above used it).
    expect(sample(response.body, 'portal_db_pool_connections')).toBeGreaterThan(0);
  });

  it('counts a sign-in, a refused sign-in and an API request under its route pattern', async () => {
    const before = await scrape();
    const { access_token } = await signIn(test.app, email);
    const refused = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: email, password: 'not-the-password' } });
    expect(refused.statusCode).toBe(401);
    const ticket = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets/987654', headers: bearer(access_token) });
    expect(ticket.statusCode).toBe(404);
    const after = await scrape();

    expect(sample(after, 'portal_sign_ins_total') - sample(before, 'portal_sign_ins_total')).toBe(1);
    expect(sample(after, 'portal_sign_ins_refused_total') - sample(before, 'portal_sign_ins_refused_total')).toBe(1);
    const login200 = { method: 'POST', route: '/api/crm/auth/login', status: '200' };
    const login401 = { method: 'POST', route: '/api/crm/auth/login', status: '401' };
    const ticket404 = { method: 'GET', route: '/api/crm/nable-tickets/:id', status: '404' };
    for (const labels of [login200, login401, ticket404]) {
      expect(sample(after, 'portal_http_requests_total', labels) - sample(before, 'portal_http_requests_total', labels)).toBe(1);
      expect(sample(after, 'portal_http_request_duration_seconds_count', labels) - sample(before, 'portal_http_request_duration_seconds_count', labels)).toBe(
        1,
      );
      expect(sample(after, 'portal_http_request_duration_seconds_sum', labels)).toBeGreaterThan(
        sample(before, 'portal_http_request_duration_seconds_sum', labels),
      );
    }
    // The raw URL (an id a caller typed) never becomes a label.
    expect(after).not.toContain('987654');
  });

  it('counts the sign-in throttle as throttled requests', async () => {
    const before = await scrape();
    const victim = (await createContact(test.database.db, { accountId: (await createAccount(test.database.db)).id })).email;
    let status = 0;
    for (let attempt = 0; attempt < 8 && status !== 429; attempt += 1) {
      status = (await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: victim, password: 'wrong-every-time' } })).statusCode;
    }
    expect(status).toBe(429);
    const after = await scrape();
    expect(
      sample(after, 'portal_throttled_requests_total', { limit: 'sign_in' }) - sample(before, 'portal_throttled_requests_total', { limit: 'sign_in' }),
    ).toBe(1);
  });
});

describe('GET /metrics with nothing configured', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  it('does not exist: 404 with or without a token', async () => {
    for (const headers of [{}, bearer('anything-at-all-0123456789-abcdef')]) {
      const response = await test.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('portal_');
    }
  });
});

describe('the request budget in the metrics', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ METRICS_TOKEN, API_REQUESTS_PER_MINUTE: '2' });
  });
  afterAll(() => test.close());

  it('counts the requests the budget turns away', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await test.app.inject({ method: 'GET', url: '/api/crm/auth/me' })).statusCode);
    expect(statuses[2]).toBe(429);
    const text = (await test.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) })).body;
    expect(sample(text, 'portal_throttled_requests_total', { limit: 'request_budget' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: '/api/crm/auth/me', status: '429' })).toBe(1);
  });
});

describe('GET /metrics on a listen address of its own', () => {
  let test: TestApp;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    test = await buildTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
  });
  afterAll(() => test.close());

  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });

  it('answers there without a token, and only /metrics', async () => {
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('# TYPE portal_sign_ins_total counter');
    expect((await get('/api/crm/auth/me')).status).toBe(404);
  });

  it('stays closed on the portal port (no token configured there)', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('stops a second app from starting on a metrics port already taken, saying which', async () => {
    await expect(buildTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' })).rejects.toThrow(
      new RegExp(`metrics listener could not start on 127\\.0\\.0\\.1:${port}.*EADDRINUSE`),
    );
  });
});

describe('request ids', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  it('answers every request with an X-Request-Id, and a failure carries it in the envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/auth/me' });
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(errorEnvelope.parse(response.json()).request_id).toBe(id);
    const other = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keeps a load balancer's sane X-Request-Id and replaces anything else", async () => {
    const kept = await test.app.inject({ method: 'GET', url: '/api/crm/auth/me', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    expect(errorEnvelope.parse(kept.json()).request_id).toBe('lb-7f3a.42:1');
    for (const hostile of ['has space', '<script>', 'x'.repeat(65), 'line\u2028break', '']) {
      const replaced = await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('request ids in the log', () => {
  let test: TestApp;
  const logFile = join(mkdtempSync(join(tmpdir(), 'portal-log-')), 'server.log');
  beforeAll(async () => {
    test = await buildTestApp({}, { logger: createLogger('info', { file: logFile }) });
  });
  afterAll(() => test.close());

  it('writes the id on every line of a request, and no link token or secret query value', async () => {
    const linkToken = 'v1.Zk3pQ9vX2mL7wR4tY8nB1cD6.1.2.-.t5x0qk.hJ0sA5eFq8W2mZ4xC7vB9nL1kP3oR6tY0uI5wE2aS7d';
    const refused = await test.app.inject({
      method: 'GET',
      url: `/api/crm/support-tools/links/${linkToken}?token=reset-secret-value&page=2`,
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(refused.headers['x-request-id']).toBe('trace-me-1');
    const lines = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string; req?: { url: string } });
    const ofRequest = lines.filter((line) => line.reqId === 'trace-me-1');
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(ofRequest.find((line) => line.req)?.req?.url).toBe('/api/crm/support-tools/links/[redacted]?token=[redacted]&page=2');
    expect(lines.every((line) => line.reqId !== undefined || !('req' in line))).toBe(true);
    const text = readFileSync(logFile, 'utf8');
    expect(text).not.toContain(linkToken);
    expect(text).not.toContain('reset-secret-value');
    // The web app's hashed asset names stay readable.
    await test.app.inject({ method: 'GET', url: '/assets/ShellAppsProfileServicesPageWithALongName-CzU0NLfO.js' });
    expect(readFileSync(logFile, 'utf8')).toContain('/assets/ShellAppsProfileServicesPageWithALongName-CzU0NLfO.js');
  });
});
