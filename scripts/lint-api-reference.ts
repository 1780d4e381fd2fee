/**
 * `npm run lint:api`: the API references the portal serves (/api/docs, /api/provider/docs) pass
 * Redocly CLI's recommended rules with no error and no warning. Each document is taken from the
 * app itself, built as the tests build it and asked with `app.inject`: no port is opened and no
 * database is reached (the pool connects on first query, and serving a reference makes none).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/index.js';
import { connectDatabase } from '../apps/server/src/db/client.js';
import { apiReferences } from '../apps/server/src/http/openapi.js';
import { createLogger } from '../apps/server/src/platform/logger.js';

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
// No usage data sent, no update notice: a lint step says only what it found.
const redoclyEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };

// Secrets given, so nothing is generated into a data folder; the address is never dialled.
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  VAULT_KEY: randomBytes(32).toString('base64'),
});
const database = connectDatabase('postgres://lint@127.0.0.1:9/never-connected');
const app = await buildApp({ config, database, logger: createLogger('silent'), webDistDir: '/nonexistent' });
const folder = mkdtempSync(join(tmpdir(), 'portal-api-reference-'));

const runRedocly = (file: string, format: 'json' | 'codeframe') =>
  spawnSync(process.execPath, [redocly, 'lint', '--extends=recommended', `--format=${format}`, file], { cwd: folder, env: redoclyEnv, encoding: 'utf8' });

let failed = 0;
try {
  await app.ready();
  for (const { name, prefix } of apiReferences(config.provider.name)) {
    const response = await app.inject({ method: 'GET', url: `${prefix}/json` });
    if (response.statusCode !== 200) throw new Error(`${prefix}/json answered ${response.statusCode}`);
    const file = join(folder, `${name}.json`);
    // Pretty-printed, so a problem's code frame shows its lines.
    writeFileSync(file, JSON.stringify(response.json(), null, 2));

    const run = runRedocly(file, 'json');
    const totals = run.stdout ? (JSON.parse(run.stdout) as { totals: { errors: number; warnings: number } }).totals : undefined;
    if (!totals) throw new Error(`redocly lint gave no report for ${name} (exit ${run.status}):\n${run.stderr}`);
    if (totals.errors + totals.warnings === 0) {
      console.log(`${name} (${prefix}/json): no problems`);
      continue;
    }
    failed += 1;
    // Once more in the readable form, to show where each problem is.
    console.error(runRedocly(file, 'codeframe').stdout);
    console.error(`${name} (${prefix}/json): ${totals.errors} errors, ${totals.warnings} warnings`);
  }
} finally {
  await app.close();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}
if (failed > 0) {
  console.error('The API reference must pass Redocly’s recommended rules with no error and no warning (apps/server/src/http/openapi.ts generates it).');
  process.exitCode = 1;
}
