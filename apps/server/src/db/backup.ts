import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { withClient } from './client.js';

/**
 * Backups with PostgreSQL's own tools (decision 0024): `pg_dump -Fc` writes one compressed file
 * of the whole database (schema, data, the migrations journal), `pg_restore` puts it back into an
 * empty database. pg_dump refuses a server newer than itself, so the program is chosen by version.
 */

export type PostgresProgram = 'pg_dump' | 'pg_restore';

export interface FoundProgram {
  path: string;
  major: number;
}

export class BackupError extends Error {}

const run = promisify(execFile);

/**
 * Folders that may hold PostgreSQL's client programs, most specific first: POSTGRES_BIN_DIR,
 * Debian's /usr/lib/postgresql/<major>/bin (postgresql-client-15), then PATH. The embedded
 * server's package ships only initdb, pg_ctl and postgres, which is why the embedded server runs
 * the major whose client the platform ships (docs/decisions/0036).
 */
export function candidateFolders(binDir?: string, environment: NodeJS.ProcessEnv = process.env): string[] {
  const folders: string[] = [];
  if (binDir) folders.push(binDir);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    folders.push(...majors.map((major) => join(debian, major, 'bin')));
  }
  folders.push(...(environment.PATH ?? '').split(delimiter).filter(Boolean));
  return [...new Set(folders)];
}

/** Every copy of the program in those folders, with its major version. */
export async function findPrograms(program: PostgresProgram, folders = candidateFolders()): Promise<FoundProgram[]> {
  const found: FoundProgram[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    const path = join(folder, program);
    if (!isExecutable(path)) continue;
    const { ino, dev } = statSync(path);
    if (seen.has(`${dev}:${ino}`)) continue;
    seen.add(`${dev}:${ino}`);
    try {
      const { stdout } = await run(path, ['--version']);
      const major = Number(/(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^\d]*/, ''))?.[1]);
      if (Number.isInteger(major)) found.push({ path, major });
    } catch {
      // A program that cannot tell its version is not one we can trust with a backup.
    }
  }
  return found;
}

/**
 * The copy to use against a server of this major version: the same major if there is one,
 * otherwise the oldest newer one (pg_dump reads older servers; never newer ones).
 */
export function chooseProgram(program: PostgresProgram, found: FoundProgram[], serverMajor: number): FoundProgram {
  const fitting = found.filter((candidate) => candidate.major >= serverMajor).sort((a, b) => a.major - b.major);
  const chosen = fitting[0];
  if (chosen) return chosen;
  const seen = found.length > 0 ? `found only ${found.map((f) => `${program} ${f.major} (${f.path})`).join(', ')}` : `found no ${program} at all`;
  throw new BackupError(
    `The database is PostgreSQL ${serverMajor}, and ${program} must be version ${serverMajor} or newer; ${seen}. ` +
      `Install PostgreSQL ${serverMajor}'s client programs and point POSTGRES_BIN_DIR at their folder.`,
  );
}

export async function serverMajorVersion(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  });
}

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
export async function countUserTables(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return Number(rows[0]!.count);
  });
}

/** Writes the whole database to `file` in pg_dump's custom format; the file appears only once complete. */
export async function backupDatabase(url: string, file: string, folders = candidateFolders()): Promise<FoundProgram> {
  const program = chooseProgram('pg_dump', await findPrograms('pg_dump', folders), await serverMajorVersion(url));
  const partial = `${file}.partial`;
  try {
    await runProgram(program.path, ['--format=custom', '--compress=6', '--file', partial], url);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return program;
}

/**
 * Restores a backup into the database at `url` in one transaction, so a failure leaves it as it
 * was. Only into an empty database, unless `force`: then what is there is dropped first.
 */
export async function restoreDatabase(url: string, file: string, options: { force?: boolean; folders?: string[] } = {}): Promise<FoundProgram> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const tables = await countUserTables(url);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `The database already has ${tables} table${tables === 1 ? '' : 's'}: a backup is restored only into an empty database ` +
        '(a fresh PORTAL_DATA_DIR, or a new database at DATABASE_URL). Pass --force to drop what is there and restore over it.',
    );
  }
  const program = chooseProgram('pg_restore', await findPrograms('pg_restore', options.folders ?? candidateFolders()), await serverMajorVersion(url));
  const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
  // Owners and grants are the backed-up server's; on the target, the restoring user owns everything.
  await runProgram(program.path, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', ...clean, file], url, 'restore');
  return program;
}

/** Runs a client program against `url`; the password travels in the environment, not the command line. */
async function runProgram(path: string, args: string[], url: string, purpose: 'dump' | 'restore' = 'dump'): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const dbname = parsed.toString();
  const finalArgs = purpose === 'restore' ? ['--dbname', dbname, ...args] : [...args, '--dbname', dbname];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path, finalArgs, { env: { ...process.env, PGPASSWORD: password }, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.split('/').pop()} failed (exit ${code}): ${errors.trim() || 'no message'}`)),
    );
  });
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
