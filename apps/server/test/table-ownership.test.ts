import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths.js';
import { PUBLISHED_VIEWS, TABLE_OWNERS } from '../src/db/schema/owners.js';
import { declaredRelations, ownerFolderOf, sourceFiles, tableReferences } from './table-references.js';

const SRC = join(REPO_ROOT, 'apps', 'server', 'src');
const SCHEMA = join(SRC, 'db', 'schema');
const sqlNameOf = declaredRelations(SCHEMA);
const sqlNames = new Set(sqlNameOf.values());
const ownerOf = new Map<string, string>([...Object.entries(TABLE_OWNERS), ...Object.entries(PUBLISHED_VIEWS)]);
const isView = (name: string) => name in PUBLISHED_VIEWS;

/**
 * No module reads or writes another module's tables (decision 0042): each file names only its own folder's tables,
 * and another's published views.
 */
describe('table ownership', () => {
  it('gives every table and view of the schema one owner', () => {
    expect([...sqlNames].filter((name) => !ownerOf.has(name))).toEqual([]);
    expect([...ownerOf.keys()].filter((name) => !sqlNames.has(name))).toEqual([]);
  });

  it('finds a foreign table in a probe, by import and by raw SQL, and lets a published view through', () => {
    const byImport = "import { contacts } from '../../db/schema/index.js';\n";
    expect([...tableReferences(byImport, sqlNameOf, sqlNames)]).toEqual(['contacts']);
    const byRawSql = 'await tx.execute(sql`SELECT a.name FROM accounts a JOIN contact_directory c ON c.account_id = a.id`);';
    expect([...tableReferences(byRawSql, sqlNameOf, sqlNames)].sort()).toEqual(['accounts', 'contact_directory']);
    expect([...tableReferences('// reads the name from accounts, in prose', sqlNameOf, sqlNames)]).toEqual([]);
  });

  it('holds in every source file of the server', () => {
    const trespasses: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file.startsWith(SCHEMA)) continue;
      const folder = ownerFolderOf(SRC, file);
      for (const table of tableReferences(readFileSync(file, 'utf8'), sqlNameOf, sqlNames)) {
        const owner = ownerOf.get(table)!;
        if (owner !== folder && !isView(table)) trespasses.push(`${relative(SRC, file)} uses ${table} (${owner}'s)`);
      }
    }
    expect(trespasses).toEqual([]);
  });
});
