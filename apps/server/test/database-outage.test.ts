import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { REPO_ROOT } from '../src/config/paths.js';
import { exited, freePort, isAlive, waitUntilReady } from './server-process.js';

/**
 * Decision 0010: a second portal on the same data folder took the running one's database
 * away for good, and a portal whose database went away answered 500 and never recovered.
 */
describe('one data folder, one portal; a database that goes away and comes back', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-outage-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own system user when we are root
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  const startPortal = (port: number, pgPort: number) => {
    const env = { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/serve.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    children.push(child);
    return { child, output: () => output };
  };
  const signIn = (base: string) =>
    fetch(`${base}/api/crm/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice.admin@acme.example', password: 'demo-pass-2026' }),
    });
  const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

  it('refuses a second portal on the same data folder, and the first keeps serving', async () => {
    const [port, pgPort, secondPort, secondPgPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const base = `http://127.0.0.1:${port}`;
    const first = startPortal(port, pgPort);
    await waitUntilReady(base, first.output);
    const pidBefore = postmasterPid();

    const second = startPortal(secondPort, secondPgPort);
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain(`Another portal (pid ${first.child.pid}`);
    expect(second.output()).toContain('PORTAL_DATA_DIR');

    expect(isAlive(pidBefore), "the first portal's PostgreSQL was left alone").toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await signIn(base)).status).toBe(200);

    // Decision 0028: the pool reaches its own PostgreSQL over a Unix socket that only PostgreSQL's user may open.
    const socket = join(dataDir, 'pg', `.s.PGSQL.${pgPort}`);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o700);
    const observer = new pg.Client({ connectionString: `postgres://portal:portal-local-only@127.0.0.1:${pgPort}/portal` });
    await observer.connect();
    const { rows } = await observer
      .query<{ socket: number; tcp: number }>(
        "SELECT count(*) FILTER (WHERE client_addr IS NULL)::int AS socket, count(*) FILTER (WHERE client_addr IS NOT NULL)::int AS tcp FROM pg_stat_activity WHERE application_name = 'customer-portal'",
      )
      .finally(() => observer.end());
    expect(rows[0]!.socket).toBeGreaterThan(0);
    expect(rows[0]!.tcp).toBe(0);

    // A database that dies under the running portal: 503 with Retry-After meanwhile, then back by itself.
    process.kill(postmasterPid(), 'SIGINT'); // PostgreSQL's fast shutdown: every connection is closed
    const statuses = new Map<number, number>();
    let unavailable: Response | undefined;
    const deadline = Date.now() + 60_000;
    let recovered = false;
    while (Date.now() < deadline) {
      const response = await signIn(base);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 503) unavailable ??= response;
      if (response.status === 200 && unavailable) {
        recovered = true;
        break;
      }
      await sleep(20);
    }
    expect(unavailable, `statuses seen: ${JSON.stringify([...statuses])}`).toBeDefined();
    expect(unavailable!.headers.get('retry-after')).toBe('5');
    const envelope = errorEnvelope.parse(await unavailable!.json());
    expect(envelope.code).toBe('unavailable');
    expect(envelope.message).toMatch(/try again/);
    expect(statuses.get(500) ?? 0, 'no request failed with a 500').toBe(0);
    expect(recovered, `the portal recovered by itself; it said:\n${first.output()}`).toBe(true);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
  }, 180_000);
});
