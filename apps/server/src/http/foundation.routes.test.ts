import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, buildPath, type Endpoint } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../test/app.js';

const samplePathValues: Record<string, string> = { id: '1', licenseId: '1', paymentId: '1', appId: 'voice', token: 'not-a-link' };

describe('foundation routes', () => {
  let test: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(join(webDist, '.vite', 'manifest.json'), '{}');
    test = await buildTestApp({}, { webDistDir: webDist });
  });
  afterAll(() => test.close());

  it('answers /healthz while the process lives', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API path with 404 in the error envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/nothing-here' });
    expect(response.statusCode).toBe(404);
    const body = errorEnvelope.parse(response.json());
    expect(body.message).toContain('/api/crm/nothing-here');
  });

  it('registers every endpoint of the contract (never a 404 for a contract path)', async () => {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const url = `/api${buildPath(endpoint.path, samplePathValues)}`;
      const response = await test.app.inject({ method: endpoint.method, url, payload: endpoint.body ? {} : undefined });
      expect(response.statusCode, `${endpoint.method} ${url}`).not.toBe(404);
      // A browser's redirect (the identity provider's sign-in and its way back) answers where to go, not an envelope.
      if (response.statusCode === 302) expect(response.headers.location, `${endpoint.method} ${url} says where to go`).toMatch(/^https?:\/\//);
      else expect(typeof (response.json() as { errors: unknown }).errors, `${endpoint.method} ${url} answers in the envelope`).toBe('boolean');
    }
  });

  it('marks API answers, successes and failures alike, as not to be cached', async () => {
    const failure = await test.app.inject({ method: 'GET', url: '/api/crm/nothing-here' });
    const success = await test.app.inject({ method: 'POST', url: '/api/crm/auth/logout', payload: {} });
    expect(success.statusCode).toBe(200);
    expect(failure.headers['cache-control']).toBe('no-store');
    expect(success.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body that is not JSON with a clear 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).message).toBe('The request body is not valid JSON');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json()).message).toBe('The request body is too large');
  });

  it('serves an OpenAPI document with every contract path, and its reference page', async () => {
    const json = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const path = `/api${endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      expect(document.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
    const page = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves the reference’s own files (made on first request, api-reference.ts) with their length on HEAD, and the portal’s 404 for what it lacks', async () => {
    const css = await test.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).not.toBe('no-store');
    const head = await test.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(css.rawPayload.length));
    expect(head.rawPayload).toHaveLength(0);
    const provider = await test.app.inject({ method: 'GET', url: '/api/provider/docs/json' });
    expect((provider.json() as { info: { title: string } }).info.title).toMatch(/provider API$/);
    const missing = await test.app.inject({ method: 'GET', url: '/api/docs/no-such-file' });
    expect(missing.statusCode).toBe(404);
    expect(errorEnvelope.parse(missing.json()).message).toBe('There is no GET /api/docs/no-such-file in the portal API');
  });

  it('declares a public call open (security: []), the payments’ Idempotency-Key optional, and the reference’s licence and relative server', async () => {
    type Operation = { security?: unknown[]; parameters?: { name: string; in: string; required: boolean }[] };
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      info: { license?: unknown };
      servers: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    const operationOf = (endpoint: Endpoint) => document.paths[`/api${endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`]![endpoint.method.toLowerCase()]!;
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const { security } = operationOf(endpoint);
      if (endpoint.access === 'public') expect(security, endpoint.path).toEqual([]);
      else expect(security, endpoint.path).toHaveLength(1);
    }
    for (const endpoint of [endpoints.payWithNewCard, endpoints.payWithStoredCard]) {
      expect(operationOf(endpoint).parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    }
    expect(document.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('serves the public runtime configuration, and nothing secret in it', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain('window.__PORTAL_CONFIG__');
    expect(response.body).toContain('"apiBase":"/api"');
    expect(response.body).toContain(test.config.provider.supportEmail);
    expect(response.body).not.toContain(test.config.secrets.tokenSecret);
  });

  it('answers client-side routes with index.html, uncached', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/tickets?status=closed', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year and sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the compressed copy the browser accepts, and the file itself to one that accepts none', async () => {
    const compressed = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await test.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers HEAD for a file, and serves the files at the root (not the build’s dot folders)', async () => {
    const head = await test.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const icon = await test.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const manifest = await test.app.inject({ method: 'GET', url: '/.vite/manifest.json', headers: { accept: '*/*' } });
    expect(manifest.statusCode).toBe(404);
  });

  it('sends nothing outside the build, nor a compressed copy by its own name', async () => {
    for (const url of ['/assets/..%2F..%2Fetc%2Fpasswd', '/assets/%2E%2E/%2E%2E/etc/passwd', '/assets/../../etc/passwd', '/assets/app-abc123.js.br']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('answers a missing file that is not a page with 404', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('content security policy and the public address', () => {
  it('never asks the browser to upgrade to https when the portal is served over http (any host name)', async () => {
    const test = await buildTestApp({ PUBLIC_URL: 'http://portal.test:8080' });
    const response = await test.app.inject({ method: 'GET', url: '/config.js' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await test.close();
  });

  it('upgrades and sends HSTS when the public URL is https', async () => {
    const test = await buildTestApp({ PUBLIC_URL: 'https://portal.example' });
    const response = await test.app.inject({ method: 'GET', url: '/config.js' });
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    await test.close();
  });
});

describe('readiness without a database', () => {
  it('answers /readyz with 503 once the database is gone', async () => {
    const test = await buildTestApp();
    await test.database.pool.end();
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    await test.app.close();
  });
});
