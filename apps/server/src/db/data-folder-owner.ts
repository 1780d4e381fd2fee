import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Which portal process owns an embedded PostgreSQL data folder (docs/decisions/0010). A second
 * portal started on the same folder must not take the running one's database for a crashed one's:
 * the owner writes this record beside the folder, and a record whose process still runs means
 * "in use". A record left by a killed process is stale and is replaced.
 */
export interface DataFolderOwner {
  pid: number;
  startedAt: string;
  /** Where the owning portal answers, to name it in the refusal. */
  portalUrl?: string;
  postgresPort: number;
}

export const ownerRecordPath = (dataDir: string) => `${dataDir}.owner.json`;

/** The owner record of a portal process that is still running, if any (never this process). */
export function liveOwner(dataDir: string): DataFolderOwner | undefined {
  const path = ownerRecordPath(dataDir);
  if (!existsSync(path)) return undefined;
  let owner: DataFolderOwner;
  try {
    owner = JSON.parse(readFileSync(path, 'utf8')) as DataFolderOwner;
  } catch {
    return undefined; // half-written by a process that died while writing it
  }
  if (!Number.isInteger(owner.pid) || owner.pid === process.pid) return undefined;
  return isNodeProcess(owner.pid) ? owner : undefined;
}

export function claimDataFolder(dataDir: string, owner: Omit<DataFolderOwner, 'pid' | 'startedAt'>): void {
  mkdirSync(dirname(dataDir), { recursive: true });
  const record: DataFolderOwner = { pid: process.pid, startedAt: new Date().toISOString(), ...owner };
  writeFileSync(ownerRecordPath(dataDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o644 });
}

/** Removes the record if this process wrote it. */
export function releaseDataFolder(dataDir: string): void {
  const path = ownerRecordPath(dataDir);
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as DataFolderOwner;
    if (owner.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // no record, or not ours to remove
  }
}

export function describeOwner(dataDir: string, owner: DataFolderOwner): string {
  const where = owner.portalUrl ? ` at ${owner.portalUrl}` : '';
  return (
    `Another portal (pid ${owner.pid}${where}, started ${owner.startedAt}) is running on the data folder ${dataDir} ` +
    `with its PostgreSQL on 127.0.0.1:${owner.postgresPort}. Stop that one first, or give this one a data folder of its own ` +
    '(PORTAL_DATA_DIR) or an external database (DATABASE_URL).'
  );
}

function isNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // alive, and no /proc to tell more: assume it is the owner
  }
}
