import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The processes the cluster test starts, so that every one of them is stopped however the run ends. */
const started = new Set<ChildProcess>();

export function stopEverything(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export function launch(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logFile: string; uid?: number; gid?: number },
): ChildProcess {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, uid: options.uid, gid: options.gid, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

/** Server states as HAProxy sees them (its statistics CSV): name → UP, DOWN, … of one backend (the portal's instances by default). */
export async function haproxyServerStates(statsUrl: string, backend = 'portal_instances'): Promise<Map<string, string>> {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const states = new Map<string, string>();
  for (const line of csv.split('\n')) {
    const [proxy, server, ...rest] = line.split(',');
    if (proxy === backend && server && server !== 'BACKEND') states.set(server, rest[15] ?? '');
  }
  return states;
}
