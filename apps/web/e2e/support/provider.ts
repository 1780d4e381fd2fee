import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_ENV } from '../../playwright.config';

/** What the provider's own systems do in the journeys: a key from the staff CLI, the provider API, a webhook receiver. */
export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
/** The seed gives Acme Logistics the external id its CRM knows it by (apps/server/seed/accounts.ts). */
export const ACME_EXTERNAL_ID = 'crm-acme-1001';

/** `npm run portal -- api-key create`, against the running e2e server's database (the staff CLI starts a Node process: 20 s and more on a busy machine). */
export async function createApiKey(name: string, scopes: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'portal', '--', 'api-key', 'create', '--name', name, '--scopes', scopes], {
    cwd: repoRoot,
    env: { ...process.env, ...E2E_ENV },
    timeout: 60_000,
  });
  const key = stdout.match(/\bppk_[A-Za-z0-9_-]+/)?.[0];
  if (!key) throw new Error(`No key in the CLI's answer:\n${stdout}`);
  return key;
}

/** The provider API with a key, on the e2e server or another instance (`base`). */
export function providerApi(request: APIRequestContext, key: string, base = '') {
  const headers = { authorization: `Bearer ${key}` };
  const v1 = `${base}/api/provider/v1`;
  return {
    post: (path: string, data: object) => request.post(`${v1}${path}`, { headers, data }),
    put: (path: string, data: object) => request.put(`${v1}${path}`, { headers, data }),
    get: (path: string) => request.get(`${v1}${path}`, { headers }),
    delete: (path: string) => request.delete(`${v1}${path}`, { headers }),
    /** Files as multipart/form-data, each its own part. */
    upload: (path: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) =>
      request.post(`${v1}${path}`, { headers, multipart: Object.fromEntries(files.map((file, index) => [`file${index + 1}`, file])) }),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body when `standardwebhooks` verified it, else null. */
  verified: { type: string; data: Record<string, unknown> } | null;
}

/**
 * A provider's receiver as a provider writes one, on `port` (beside the e2e server's, so runs on other E2E_PORTs do not
 * collide): verifies every message with the Standard Webhooks library, 401 when it does not verify.
 */
export async function startReceiver(port: number, secret: () => string): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: Received['verified'] = null;
      try {
        verified = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as Received['verified'];
      } catch {
        verified = null;
      }
      received.push({ headers: request.headers, body, verified });
      response.writeHead(verified ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { url: `http://127.0.0.1:${port}/hooks/portal`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
