/**
 * PgBouncer (Debian's package, 1.18) in transaction mode in front of a PostgreSQL, as a provider with many
 * instances runs it (docs/decisions/0038): a configuration of its own in a folder of its own, the process in
 * the foreground, stopped with the run. Used by the cluster test (CLUSTER_POOLER=pgbouncer) and by the
 * server's start-up lock test.
 */
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { exitOf, launch, waitFor } from './processes.js';

/** Debian puts it in /usr/sbin, which a non-root PATH may lack. */
export function pgbouncerCommand(): string | undefined {
  if (existsSync('/usr/sbin/pgbouncer')) return '/usr/sbin/pgbouncer';
  return spawnSync('sh', ['-c', 'command -v pgbouncer']).stdout?.toString().trim() || undefined;
}

export function ensurePgbouncer(): string {
  const found = pgbouncerCommand();
  if (found) return found;
  console.log('installing PgBouncer from Debian’s packages (its system service stays off: the test runs its own)…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'pgbouncer'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return pgbouncerCommand()!;
}

export interface PgbouncerOptions {
  /** A folder for its configuration and log; others must be able to read it when this runs as root. */
  dir: string;
  port: number;
  /** The PostgreSQL behind it: host, port, and the user (and password) every server connection uses. */
  upstreamUrl: string;
  /** Server connections per database and user: fewer than the instances' pools add up to is the point of a pooler. */
  poolSize: number;
  maxClientConnections?: number;
}

export interface RunningPgbouncer {
  /** The upstream URL with PgBouncer's address in place of PostgreSQL's, for `database`. */
  url(database: string): string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The settings README's "Operating the portal" documents; transaction pooling is what the portal is made correct for. */
export function pgbouncerConfig(options: PgbouncerOptions): string {
  const upstream = new URL(options.upstreamUrl);
  const login = [`user=${decodeURIComponent(upstream.username || 'postgres')}`, upstream.password ? `password=${decodeURIComponent(upstream.password)}` : '']
    .filter(Boolean)
    .join(' ');
  return [
    '[databases]',
    `* = host=${upstream.hostname} port=${upstream.port || 5432} ${login}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${options.port}`,
    'unix_socket_dir =',
    // The test's clients are on loopback; a provider puts scram-sha-256 and an auth_file (or auth_query) here.
    'auth_type = trust',
    `auth_file = ${join(options.dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize}`,
    `max_client_conn = ${options.maxClientConnections ?? 200}`,
    // Only used in session mode; transaction mode relies on the application leaving no session state behind.
    'server_reset_query = DISCARD ALL',
    '',
  ].join('\n');
}

export async function startPgbouncer(options: PgbouncerOptions): Promise<RunningPgbouncer> {
  const command = ensurePgbouncer();
  mkdirSync(options.dir, { recursive: true });
  // PgBouncer refuses to run as root; as root it is started as nobody, who must read its files.
  chmodSync(options.dir, 0o755);
  const upstream = new URL(options.upstreamUrl);
  writeFileSync(join(options.dir, 'userlist.txt'), `"${decodeURIComponent(upstream.username || 'postgres')}" ""\n`, { mode: 0o644 });
  writeFileSync(join(options.dir, 'pgbouncer.ini'), pgbouncerConfig(options), { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const child = launch(command, [...(asRoot ? ['-u', 'nobody'] : []), join(options.dir, 'pgbouncer.ini')], {
    cwd: options.dir,
    env: process.env,
    logFile: join(options.dir, 'pgbouncer.log'),
  });
  const exited = exitOf(child).then(({ code }) => {
    throw new Error(`PgBouncer exited with ${code} at start; see ${join(options.dir, 'pgbouncer.log')}`);
  });
  exited.catch(() => undefined);
  await Promise.race([waitFor(`PgBouncer to listen on ${options.port}`, 15_000, () => accepts(options.port)), exited]);
  return {
    url(database) {
      const url = new URL(options.upstreamUrl);
      url.hostname = '127.0.0.1';
      url.port = String(options.port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exitOf(child);
    },
  };
}

const accepts = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(undefined));
  });

/** The run's database on PostgreSQL itself, not through the pooler. */
function directUrl({ adminUrl, databaseName }: { adminUrl: string; databaseName: string }): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/**
 * The cluster test's pooler: with CLUSTER_POOLER=pgbouncer, the instances connect through PgBouncer in
 * transaction mode on `port` (named statements off, as a provider behind PgBouncer 1.18 must set them);
 * unset, directly. The test's own checks read the database directly either way.
 */
export function clusterPooler(options: { adminUrl: string; databaseName: string; port: number; dir: string }) {
  const kind = process.env.CLUSTER_POOLER;
  if (!kind) return undefined;
  if (kind !== 'pgbouncer') throw new Error(`CLUSTER_POOLER must be pgbouncer or unset, not ${kind}`);
  const settings = { dir: options.dir, port: options.port, upstreamUrl: options.adminUrl, poolSize: 10 };
  const url = new URL(options.adminUrl);
  Object.assign(url, { hostname: '127.0.0.1', port: String(options.port), pathname: `/${options.databaseName}` });
  return {
    // LISTEN needs a session of its own, which a transaction-mode pooler does not keep: the live updates listen on
    // PostgreSQL directly (decision 0046).
    instanceEnv: { DATABASE_URL: url.toString(), DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_LISTEN_URL: directUrl(options) },
    describe: `through PgBouncer (transaction mode, ${settings.poolSize} server connections) on 127.0.0.1:${options.port}`,
    start: () => startPgbouncer(settings),
  };
}
