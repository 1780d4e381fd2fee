/**
 * The portal as `npm start` runs it: built if needed (scripts/build-if-needed.mjs, as `npm start`
 * does), then `node <the start script's flags> dist/bin/main.js` in apps/server, on a fresh data
 * folder and ports of its own, with the demo data. Its output is kept in <data folder>/server.log;
 * the mails it prints (no SMTP_URL) give the invitation links, and its JSON log lines of level warn
 * and above are counted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SETTINGS } from './settings.js';
import { npmStart } from '../../scripts/start-script.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  line: string;
}

export interface Portal {
  base: string;
  pid: number;
  metricsToken: string;
  /** Invitation links' tokens by e-mail address, as the printed mails give them. */
  invitations: Map<string, string>;
  errors: LogLine[];
  warnings: LogLine[];
  counts: { errors: number; warnings: number };
  exited: () => { code: number | null; signal: string | null } | undefined;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The environment and Node flags `npm start` gives the server (apps/server/package.json's start script). */
function npmStartOfServer() {
  const start = npmStart(repoRoot);
  if (start.entry !== 'dist/bin/main.js') throw new Error(`apps/server's start script no longer runs dist/bin/main.js: ${start.entry}`);
  return start;
}

export function buildIfNeeded(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed (node scripts/build-if-needed.mjs)');
}

export async function startPortal(): Promise<Portal> {
  const dataDir = `${repoRoot}/${SETTINGS.dataDir}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const metricsToken = randomBytes(24).toString('hex');
  const start = npmStartOfServer();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...start.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(SETTINGS.port),
    PORTAL_DATA_DIR: SETTINGS.dataDir,
    EMBEDDED_PG_PORT: String(SETTINGS.pgPort),
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: metricsToken,
    SEED_DEMO_DATA: 'true',
  };
  // The request budgets are the production defaults (decision 0009): each virtual customer is a contact of its own.
  for (const name of [
    'API_REQUESTS_PER_MINUTE',
    'PROVIDER_API_REQUESTS_PER_MINUTE',
    'DATABASE_URL',
    'SMTP_URL',
    'LOG_FILE',
    'METRICS_PORT',
    'WEBHOOK_POLL_MS',
    'TOKEN_SECRET',
    'VAULT_KEY',
  ])
    delete env[name];

  const log = createWriteStream(`${dataDir}/server.log`, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, [...start.flags, start.entry], {
    cwd: `${repoRoot}/apps/server`,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: { code: number | null; signal: string | null } | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );

  const invitations = new Map<string, string>();
  const errors: LogLine[] = [];
  const warnings: LogLine[] = [];
  const counts = { errors: 0, warnings: 0 };
  let mailTo: string | undefined;
  const readLines = (stream: NodeJS.ReadableStream) =>
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      const to = /^To: (\S+)$/.exec(line);
      if (to) mailTo = to[1]!.toLowerCase();
      const link = /page-change-password\?token=(\S+)/.exec(line);
      if (link && mailTo) invitations.set(mailTo, decodeURIComponent(link[1]!));
      if (line.startsWith('{')) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string };
          if ((entry.level ?? 0) >= 50) {
            counts.errors += 1;
            if (errors.length < 20) errors.push({ level: entry.level!, msg: entry.msg ?? '', line });
          } else if ((entry.level ?? 0) >= 40) {
            counts.warnings += 1;
            if (warnings.length < 20) warnings.push({ level: entry.level!, msg: entry.msg ?? '', line });
          }
        } catch {
          // not a log line
        }
      }
    });
  readLines(child.stdout!);
  readLines(child.stderr!);

  const base = `http://127.0.0.1:${SETTINGS.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exit) throw new Error(`the portal exited (${exit.code ?? exit.signal}) before it was ready; see ${SETTINGS.dataDir}/server.log`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the portal was not ready within 180 s');
    }
    const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await sleep(300);
  }

  return {
    base,
    pid: child.pid!,
    metricsToken,
    invitations,
    errors,
    warnings,
    counts,
    env,
    exited: () => exit,
    async stop() {
      if (!exit) {
        child.kill('SIGTERM');
        // SIGTERM drains for SHUTDOWN_DRAIN_SECONDS (2 s) and then stops within SHUTDOWN_TIMEOUT_SECONDS (10 s).
        await Promise.race([exitPromise, sleep(20_000)]);
        if (!exit) child.kill('SIGKILL');
        await exitPromise;
      }
      log.end();
    },
  };
}

/** The process's resident memory now (VmRSS), in MB; 0 once it is gone. */
export function residentMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The V8 heap in use, from the portal's own /metrics (prom-client's nodejs_heap_size_used_bytes), in MB. */
export async function heapUsedMb(portal: Portal): Promise<number | undefined> {
  try {
    const text = await (
      await fetch(`${portal.base}/metrics`, { headers: { authorization: `Bearer ${portal.metricsToken}` }, signal: AbortSignal.timeout(5000) })
    ).text();
    const value = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
    return value ? Number(value) / 1024 / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The server's own count of answers by status class, from /metrics (portal_http_requests_total). */
export async function answersByStatus(portal: Portal): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const text = await (
    await fetch(`${portal.base}/metrics`, { headers: { authorization: `Bearer ${portal.metricsToken}` }, signal: AbortSignal.timeout(5000) })
  ).text();
  for (const match of text.matchAll(/^portal_http_requests_total\{[^}]*status="(\d+)"[^}]*\} (\S+)$/gm)) {
    totals.set(match[1]!, (totals.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return totals;
}

export interface DatabaseSize {
  bytes: number;
  tables: Map<string, number>;
}

/** pg_database_size and each table's total size (with indexes and TOAST), over the embedded server's TCP port. */
export async function databaseSize(): Promise<DatabaseSize> {
  const client = new pg.Client({ connectionString: `postgres://portal:portal-local-only@127.0.0.1:${SETTINGS.pgPort}/portal` });
  await client.connect();
  try {
    const size = await client.query<{ bytes: string }>("SELECT pg_database_size('portal') AS bytes");
    const tables = await client.query<{ name: string; bytes: string }>(
      'SELECT relname AS name, pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables',
    );
    return { bytes: Number(size.rows[0]!.bytes), tables: new Map(tables.rows.map((row) => [row.name, Number(row.bytes)])) };
  } finally {
    await client.end();
  }
}
