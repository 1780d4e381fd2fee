/**
 * The failover test's database cluster (docs/decisions/0043): one etcd, two Patroni nodes of Debian's PostgreSQL 15
 * from deploy/patroni/patroni.yml, and HAProxy from deploy/haproxy/postgres.cfg sending connections to the leader.
 * Everything lives under the run's folder and is stopped by `stopDatabaseCluster`, however the run ends.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { haproxyServerStates, launch, waitFor } from '../cluster/processes.js';
import { parentPid, postmasterPid } from '../proc.js';

export interface NodeSpec {
  name: string;
  pgPort: number;
  restPort: number;
  dir: string;
}

export interface Member {
  name: string;
  role: string;
  state: string;
  port: number;
  lag?: number | string;
}

export interface DatabaseCluster {
  nodes: NodeSpec[];
  /** Where the portal connects: HAProxy's frontend for the leader. */
  proxyPort: number;
  statsUrl: string;
  /** Patroni's view of the cluster, asked of a node's REST API. */
  members(via: NodeSpec): Promise<Member[]>;
  /** Whether the node's Patroni answers 200 on GET /primary (holds the leader key and runs as primary). */
  isPrimary(node: NodeSpec): Promise<boolean>;
  /** SIGKILLs the node's Patroni, its postmaster and every PostgreSQL process under it, at once: a machine lost. */
  killNode(node: NodeSpec): { pids: number[] };
  /** Starts the node's Patroni again on its data folder (a lost primary rejoins as a standby, pg_rewind if needed). */
  restartNode(node: NodeSpec): void;
}

/**
 * Installs Patroni, etcd and HAProxy from Debian's packages when missing (the package's own etcd service, if the
 * machine runs it, listens on 2379 and is not used); PostgreSQL 15's server binaries must be there already.
 */
export function ensurePatroni(): void {
  if (!existsSync('/usr/lib/postgresql/15/bin/postgres')) throw new Error('the failover test needs PostgreSQL 15 (apt-get install postgresql-15)');
  const packages = { '/usr/bin/patroni': 'patroni', '/usr/bin/etcd': 'etcd-server', '/usr/sbin/haproxy': 'haproxy' };
  const missing = Object.entries(packages)
    .filter(([binary]) => !existsSync(binary))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')} from Debian’s packages…`);
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** PostgreSQL refuses to run as root: Patroni and its PostgreSQL run as Debian's postgres user. */
const postgresUser = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
});

/** The node's postmaster pid, or undefined when it is not running. */
function postmasterOf(node: NodeSpec): number | undefined {
  try {
    return postmasterPid(join(node.dir, 'data'));
  } catch {
    return undefined;
  }
}

/** The pids of `root`'s descendants, from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)) {
    const parent = parentPid(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const walk = (pid: number) => (children.get(pid) ?? []).forEach((child) => (found.push(child), walk(child)));
  walk(root);
  return found;
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const patroniPids = new Map<string, number>();
const clusterNodes: NodeSpec[] = [];

/** Kills every process of every node (Patroni, PostgreSQL); the rest (etcd, HAProxy) goes with the other launched processes. */
export function stopDatabaseCluster(): void {
  for (const node of clusterNodes) {
    const patroni = patroniPids.get(node.name);
    const postmaster = postmasterOf(node);
    const pids = [...(patroni ? [patroni, ...descendants(patroni)] : []), ...(postmaster ? [postmaster, ...descendants(postmaster)] : [])];
    // Only PostgreSQL's processes of this data folder: a stale postmaster.pid may name a pid reused since.
    killAll(pids.filter((pid) => pid === patroni || isOfNode(pid, node)));
  }
}

function isOfNode(pid: number, node: NodeSpec): boolean {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (commandLine.includes(node.dir)) return true;
    // A backend's command line is its title ("postgres: portal portal 127.0.0.1(…) idle"): check its parent's.
    return parentPid(pid) === postmasterOf(node);
  } catch {
    return false;
  }
}

export async function startDatabaseCluster(options: {
  root: string;
  runDir: string;
  etcdPort: number;
  nodes: Array<Omit<NodeSpec, 'dir'>>;
  proxyPort: number;
  statsPort: number;
}): Promise<DatabaseCluster> {
  const { root, runDir } = options;
  const { uid, gid } = postgresUser();
  const etcdDir = join(runDir, 'etcd');
  mkdirSync(etcdDir, { recursive: true });
  const etcdClient = `http://127.0.0.1:${options.etcdPort}`;
  const etcdPeer = `http://127.0.0.1:${options.etcdPort + 1}`;
  launch(
    'etcd',
    [
      '--name=etcd1',
      `--data-dir=${join(etcdDir, 'data')}`,
      `--listen-client-urls=${etcdClient}`,
      `--advertise-client-urls=${etcdClient}`,
      `--listen-peer-urls=${etcdPeer}`,
      `--initial-advertise-peer-urls=${etcdPeer}`,
      `--initial-cluster=etcd1=${etcdPeer}`,
      '--initial-cluster-state=new',
    ],
    { cwd: runDir, env: process.env, logFile: join(runDir, 'etcd.log') },
  );
  await waitFor('etcd to answer', 30_000, async () => ((await fetch(`${etcdClient}/health`)).ok ? true : undefined));

  const passwords = { superuser: randomBytes(12).toString('hex'), replication: randomBytes(12).toString('hex') };
  const nodes = options.nodes.map((spec) => ({ ...spec, dir: join(runDir, spec.name) }));
  const startNode = (node: NodeSpec) => {
    mkdirSync(node.dir, { recursive: true });
    chownSync(node.dir, uid, gid);
    const child = launch('patroni', [join(root, 'deploy/patroni/patroni.yml')], {
      cwd: node.dir,
      uid,
      gid,
      env: {
        PATH: process.env.PATH,
        HOME: node.dir,
        LANG: 'C.UTF-8',
        PATRONI_NAME: node.name,
        PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.restPort}`,
        PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.restPort}`,
        PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.pgPort}`,
        PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.pgPort}`,
        PATRONI_POSTGRESQL_DATA_DIR: join(node.dir, 'data'),
        PATRONI_POSTGRESQL_PGPASS: join(node.dir, 'pgpass'),
        PATRONI_ETCD3_HOSTS: `'127.0.0.1:${options.etcdPort}'`,
        PATRONI_SUPERUSER_PASSWORD: passwords.superuser,
        PATRONI_REPLICATION_PASSWORD: passwords.replication,
      },
      logFile: join(runDir, `${node.name}.log`),
    });
    patroniPids.set(node.name, child.pid!);
    if (!clusterNodes.includes(node)) clusterNodes.push(node);
  };
  // The first node bootstraps (initdb) and takes the leader key; the second then clones it (pg_basebackup).
  startNode(nodes[0]!);
  await waitFor(`${nodes[0]!.name} to bootstrap and lead`, 120_000, async () =>
    (await fetch(`http://127.0.0.1:${nodes[0]!.restPort}/primary`)).ok ? true : undefined,
  );
  for (const node of nodes.slice(1)) startNode(node);

  launch('haproxy', ['-db', '-f', 'deploy/haproxy/postgres.cfg'], {
    cwd: root,
    env: {
      ...process.env,
      PORTAL_DB_BIND: `127.0.0.1:${options.proxyPort}`,
      PORTAL_DB_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      PORTAL_PG1: `127.0.0.1:${nodes[0]!.pgPort}`,
      PORTAL_PG1_REST_PORT: String(nodes[0]!.restPort),
      PORTAL_PG2: `127.0.0.1:${nodes[1]!.pgPort}`,
      PORTAL_PG2_REST_PORT: String(nodes[1]!.restPort),
    },
    logFile: join(runDir, 'haproxy-postgres.log'),
  });

  const statsUrl = `http://127.0.0.1:${options.statsPort}/stats`;
  return {
    nodes,
    proxyPort: options.proxyPort,
    statsUrl,
    members: async (via) =>
      ((await (await fetch(`http://127.0.0.1:${via.restPort}/cluster`, { signal: AbortSignal.timeout(1_000) })).json()) as { members: Member[] }).members,
    isPrimary: async (node) => {
      try {
        return (await fetch(`http://127.0.0.1:${node.restPort}/primary`, { signal: AbortSignal.timeout(1_000) })).ok;
      } catch {
        return false;
      }
    },
    killNode: (node) => {
      const patroni = patroniPids.get(node.name);
      const postmaster = postmasterOf(node);
      const pids = [...(patroni ? [patroni] : []), ...(postmaster ? [postmaster, ...descendants(postmaster)] : [])];
      killAll(pids);
      return { pids };
    },
    restartNode: startNode,
  };
}

/** The backend's server states in the database proxy: pg1/pg2 → UP, DOWN. */
export const proxyStates = (cluster: DatabaseCluster) => haproxyServerStates(cluster.statsUrl, 'postgres_primary');
