import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The tables and published views a source file reads or writes (decision 0042): the ones it imports from the schema
 * (drizzle's query builder can only name a table it imports), and the ones its raw SQL names after FROM, JOIN, INTO,
 * UPDATE, TABLE or TRUNCATE, in capitals as the code writes SQL.
 */
export function tableReferences(source: string, sqlNameOf: ReadonlyMap<string, string>, sqlNames: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const [, names] of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*\/schema(?:\/[\w-]+)?(?:\.js)?'/g))
    for (const name of names!.split(',')) {
      const imported = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      const table = sqlNameOf.get(imported);
      if (table) found.add(table);
    }
  for (const [, name] of source.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:ONLY\s+)?"?(\w+)/g)) if (sqlNames.has(name!)) found.add(name!);
  return found;
}

/** Every table and view the schema folder declares: the exported name drizzle code uses, and the SQL name. */
export function declaredRelations(schemaDir: string): Map<string, string> {
  const sqlNameOf = new Map<string, string>();
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts')))
    for (const [, exported, sqlName] of readFileSync(join(schemaDir, file), 'utf8').matchAll(/export const (\w+) = pg(?:Table|View)\(\s*'(\w+)'/g))
      sqlNameOf.set(exported!, sqlName!);
  return sqlNameOf;
}

/** The folder a source file belongs to for ownership: `modules/<name>` inside modules, else its top folder. */
export function ownerFolderOf(srcDir: string, file: string): string {
  const parts = relative(srcDir, file).split(/[\\/]/);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts.length > 1 ? parts[0]! : '.';
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : [],
  );
}
