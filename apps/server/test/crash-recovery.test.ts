import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths.js';
import { exited, freePort, isAlive, signInDemoAdmin, waitUntilReady } from './server-process.js';

/**
 * The real server process on the embedded PostgreSQL: killed with SIGKILL it leaves its database
 * running; the next start must take over and keep every committed row; SIGTERM stops both cleanly.
 */
describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  // mkdtemp makes it private; PostgreSQL runs as its own system user when we are root.
  chmodSync(dataDir, 0o755);
  let output = '';
  const started: ChildProcess[] = [];
  afterAll(() => started.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  it('survives SIGKILL with its data and shuts down gracefully on SIGTERM', async () => {
    const [port, pgPort] = await Promise.all([freePort(), freePort()]);
    const base = `http://127.0.0.1:${port}`;
    const env = { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const start = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/serve.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.push(child);
      return child;
    };

    const first = start();
    await waitUntilReady(base, () => output);
    const result = await signInDemoAdmin(base);

    first.kill('SIGKILL');
    await exited(first);
    const postgresPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(isAlive(postgresPid), 'the orphaned PostgreSQL is still running').toBe(true);

    const second = start();
    await waitUntilReady(base, () => output);
    expect(isAlive(postgresPid), 'the stale PostgreSQL was replaced').toBe(false);
    const refresh = await fetch(`${base}/api/crm/auth/refresh`, { headers: { authorization: `Bearer ${result.refresh_token}` } });
    expect(refresh.status, 'the session committed before the crash is still there').toBe(200);

    const newPostgresPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);
    expect(isAlive(newPostgresPid)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
