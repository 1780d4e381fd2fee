import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { assertDataFolderVersion, DataFolderVersionError, embeddedMajorVersion } from './data-folder-version.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

const run = promisify(execFile);

/** A data folder as another major version of PostgreSQL leaves it (the files that matter here). */
function folderMadeBy(major: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-version-'));
  writeFileSync(join(dir, 'PG_VERSION'), `${major}\n`);
  writeFileSync(join(dir, 'postgresql.conf'), '# made by another version\n');
  return dir;
}

const contents = (dir: string) => readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]);

describe('the embedded PostgreSQL’s major version', () => {
  it('is 15, the major whose pg_dump and pg_restore the platform ships, and the bundled server says so itself', async () => {
    expect(embeddedMajorVersion()).toBe(15);
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
    const { stdout } = await run(binaries.postgres, ['--version']);
    expect(stdout).toMatch(new RegExp(`PostgreSQL\\) ${embeddedMajorVersion()}\\.`));
  });

  it('accepts a folder not made yet and one this version made', () => {
    expect(() => assertDataFolderVersion(mkdtempSync(join(tmpdir(), 'portal-pg-empty-')), 15)).not.toThrow();
    expect(() => assertDataFolderVersion(folderMadeBy('15'), 15)).not.toThrow();
  });

  it('refuses, before touching anything, a folder another major made: which version made it, which runs, what to do', async () => {
    const dir = folderMadeBy('18');
    const before = contents(dir);
    const refusal = await startEmbeddedPostgres({ dir, port: 54_383, log: createLogger('silent') }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderVersionError);
    const message = (refusal as Error).message;
    expect(message).toContain(`was made by PostgreSQL 18; this build of the portal runs PostgreSQL ${embeddedMajorVersion()}`);
    expect(message).toContain('Nothing in the folder was changed');
    expect(message).toMatch(/move the folder aside \(or set PORTAL_DATA_DIR to a new folder\)/);
    expect(message).toMatch(/npm run portal -- backup <file>.*npm run portal -- restore <file>/s);
    // No owner claim, no lock, no initdb: the folder is exactly as it was.
    expect(contents(dir)).toEqual(before);
  });
});
