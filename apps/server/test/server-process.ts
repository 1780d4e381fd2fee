import { expect } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Helpers for tests that run the real server process (crash recovery, database outages). */

export async function waitUntilReady(base: string, output: () => string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`${base} did not become ready in 60 s; the server said:\n${output()}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Signs the demo administrator in over HTTP on a spawned server; the envelope's result (tokens and user). */
export async function signInDemoAdmin(base: string): Promise<{ access_token: string; refresh_token: string }> {
  const login = await fetch(`${base}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice.admin@acme.example', password: 'demo-pass-2026' }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { result: { access_token: string; refresh_token: string } }).result;
}
