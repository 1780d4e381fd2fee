import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createTestDatabase } from './database.js';
import { exited, freePort, signInDemoAdmin, waitUntilReady } from './server-process.js';

/**
 * SIGTERM as a load balancer's rolling restart sends it (decision 0023): /readyz turns 503 at once
 * while requests are still answered for the drain delay, a request in flight finishes, and the
 * process exits 0 within SHUTDOWN_TIMEOUT_SECONDS — or 1 when something holds it past that.
 */
describe('graceful shutdown of the server process', () => {
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
    await database.close();
  });

  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/serve.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: (database.pool.options as { connectionString: string }).connectionString,
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        VAULT_KEY: randomBytes(32).toString('base64'),
        AUTOPAY_EVERY_MINUTES: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(base, () => output);
    const token = (await signInDemoAdmin(base)).access_token;
    return { child, base, token, output: () => output };
  };

  /** Holds the tickets table so a ticket list stays in flight until `release` is called. */
  const holdTickets = async () => {
    const client = new pg.Client({ connectionString: (database.pool.options as { connectionString: string }).connectionString });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE tickets IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await client.query('COMMIT');
      await client.end();
    };
  };

  it('turns not ready, keeps answering through the drain, finishes the request in flight and exits 0', async () => {
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const release = await holdTickets();
    const inFlight = fetch(`${server.base}/api/crm/nable-tickets`, { headers: { authorization: `Bearer ${server.token}` } });
    await sleep(300);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(100);
    const readiness = await fetch(`${server.base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'shutting down' });
    expect((await fetch(`${server.base}/healthz`)).status, 'still answering during the drain').toBe(200);

    await sleep(1_500); // past the drain: the listener is closing, the request still waits on the database
    await release();
    const answer = await inFlight;
    expect(answer.status, 'the request in flight at SIGTERM completed').toBe(200);

    expect(await exited(server.child), server.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('stopped cleanly');
    // The pool was closed: no connection of the portal is left on the database.
    const { rows } = await database.pool.query<{ count: string }>(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'customer-portal' AND pid <> pg_backend_pid()",
    );
    expect(Number(rows[0]!.count)).toBeLessThanOrEqual(database.pool.totalCount);
  }, 60_000);

  it('exits 1 at SHUTDOWN_TIMEOUT_SECONDS when a request holds it longer', async () => {
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const release = await holdTickets();
    const inFlight = fetch(`${server.base}/api/crm/nable-tickets`, { headers: { authorization: `Bearer ${server.token}` } }).catch(() => undefined);
    await sleep(300);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(5_000);
    expect(server.output()).toContain('SHUTDOWN_TIMEOUT_SECONDS');
    await release();
    await inFlight;
  }, 60_000);
});
