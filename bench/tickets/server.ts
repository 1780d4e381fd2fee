/**
 * The portal as the benchmark measures it: the real app (buildApp) on its own embedded PostgreSQL,
 * listening on 127.0.0.1 only, in a process of its own so the load generator does not share its
 * event loop. Seeds the large account on first use. Prints `LISTENING <port>` when ready.
 */
import { buildApp } from '../../apps/server/src/app.js';
import { startBackgroundWork } from '../../apps/server/src/background/start-background-work.js';
import { createContainer } from '../../apps/server/src/container.js';
import { loadConfig } from '../../apps/server/src/config/index.js';
import { PORTAL_QUEUES } from '../../apps/server/src/background/queues.js';
import { openDatabase } from '../../apps/server/src/db/open.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { BENCH_ACCOUNT, BENCH_BILLING_BALANCE } from './bench-config.js';
import { assetBenchDataExists, benchDataExists, seedBenchAssets, seedBenchData } from './seed-sql.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger, { jobQueues: PORTAL_QUEUES });
const client = await database.pool.connect();
try {
  if (!(await benchDataExists(client))) {
    process.stdout.write('Seeding the benchmark account (first run only)…\n');
    await seedBenchData(client, (line) => process.stdout.write(`${line}\n`));
  }
  if (!(await assetBenchDataExists(client))) {
    process.stdout.write('Seeding the benchmark account’s assets (first run only)…\n');
    await seedBenchAssets(client, (line) => process.stdout.write(`${line}\n`));
  }
  // The payment scenario's billing account: a balance no run of the benchmark pays off, reset on every start.
  await client.query(
    `INSERT INTO billing_accounts (id, account_id, balance)
     SELECT 'ba_bench', id, $2 FROM accounts WHERE name = $1
     ON CONFLICT (id) DO UPDATE SET balance = excluded.balance`,
    [BENCH_ACCOUNT, BENCH_BILLING_BALANCE],
  );
} finally {
  client.release();
}
if (process.env.BENCH_SEED_ONLY === '1') {
  // Seeding the large account ahead of time (BENCH_TICKETS=1000000 takes minutes).
  await database.close();
  process.exit(0);
}
const container = createContainer({ config, database, logger, webDistDir: '/nonexistent' });
const app = await buildApp(container);
await app.listen({ host: '127.0.0.1', port: config.port });
// The background work as npm start runs it (mail and webhook sending, decision 0041), so its cost is in the figures.
const jobs = await startBackgroundWork({ container, database, config, logger });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : config.port}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
const stop = async () => {
  await jobs.stop(5_000);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
