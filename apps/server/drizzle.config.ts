import { defineConfig } from 'drizzle-kit';

/**
 * `npx drizzle-kit generate` (run in apps/server) diffs the schema against the last snapshot in
 * src/db/migrations and writes the next SQL migration there; the migrations are committed and
 * applied at start-up by drizzle-orm's migrator. Custom SQL (extensions) goes in a
 * `drizzle-kit generate --custom` migration.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
  // Only `push`, `pull` and `studio` talk to a database; `generate` does not.
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal' },
});
