/**
 * The provider's first import (issue 18): 10,000 tickets for one account, each with a technician's
 * reply, pushed through the provider API in bulk calls of 1,000 (one transaction each), then the
 * same import again (every ticket updated, none added). Prints the time of each call and the total;
 * nothing is asserted. The real app on its own embedded PostgreSQL, over HTTP on 127.0.0.1.
 *
 *   npm run bench:provider-import      (BENCH_PROVIDER_PORT / BENCH_PROVIDER_PG_PORT choose the ports)
 */
import { randomBytes } from 'node:crypto';
import { PROVIDER_BULK_MAX_ITEMS } from '@portal/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/index.js';
import { openDatabase } from '../apps/server/src/db/open.js';
import { createApiKey } from '../apps/server/src/modules/provider/api-keys.js';
import { createLogger } from '../apps/server/src/platform/logger.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const PER_CALL = PROVIDER_BULK_MAX_ITEMS;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORTAL_DATA_DIR: '.data/bench-provider',
  EMBEDDED_PG_PORT: process.env.BENCH_PROVIDER_PG_PORT ?? '54392',
  SEED_DEMO_DATA: 'false',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  VAULT_KEY: randomBytes(32).toString('base64'),
});
const logger = createLogger('warn');
const database = await openDatabase(config, logger);
const app = await buildApp({ config, database, logger, webDistDir: '/nonexistent' });
const base = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PROVIDER_PORT ?? 0) });

try {
  const { key } = await createApiKey(database.db, { name: 'Import benchmark', scopes: ['accounts:write', 'tickets:write'] });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const account = `bench-${randomBytes(4).toString('hex')}`;
  const created = await fetch(`${base}/api/provider/v1/accounts/${account}`, { method: 'PUT', headers, body: JSON.stringify({ name: `Import bench ${account}` }) });
  if (created.status !== 201) throw new Error(`the account was not created: ${created.status} ${await created.text()}`);

  const statuses = ['New', 'Assigned', 'In Progress', 'Complete'] as const;
  const batch = (first: number, pass: number) =>
    Array.from({ length: Math.min(PER_CALL, TICKETS - first) }, (_, i) => {
      const n = first + i;
      return {
        external_id: `PSA-${n}`,
        subject: `Ticket ${n}: workstation ${n % 97} cannot reach the file server`,
        description: `Reported by phone. Pass ${pass}.`,
        status: statuses[n % statuses.length],
        priority: n % 5 === 0 ? 'high' : 'medium',
        time_logged_hours: (n % 8) * 0.25,
        entries: [{ external_id: `PSA-${n}-1`, author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: `Checked the switch port (pass ${pass}).` }],
      };
    });

  for (const pass of [1, 2]) {
    const started = performance.now();
    const calls: number[] = [];
    let createdCount = 0;
    let updatedCount = 0;
    for (let first = 0; first < TICKETS; first += PER_CALL) {
      const callStarted = performance.now();
      const response = await fetch(`${base}/api/provider/v1/accounts/${account}/tickets/bulk`, { method: 'POST', headers, body: JSON.stringify({ items: batch(first, pass) }) });
      const body = (await response.json()) as { result?: { created: number; updated: number }; message?: string };
      if (!response.ok || !body.result) throw new Error(`bulk call failed: ${response.status} ${body.message}`);
      createdCount += body.result.created;
      updatedCount += body.result.updated;
      calls.push(performance.now() - callStarted);
    }
    const total = performance.now() - started;
    const sorted = [...calls].sort((a, b) => a - b);
    process.stdout.write(
      `${pass === 1 ? 'first import' : 're-run      '}: ${TICKETS.toLocaleString('en-US')} tickets (+1 entry each) in ${calls.length} calls of ${PER_CALL}: ` +
        `${(total / 1000).toFixed(2)} s, ${Math.round(TICKETS / (total / 1000)).toLocaleString('en-US')} tickets/s; ` +
        `per call median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms; created ${createdCount}, updated ${updatedCount}\n`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
