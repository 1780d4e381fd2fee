/**
 * The provider's first import (decisions 0025 and 0030), through the provider API in bulk calls of 1,000 (one
 * transaction each): 1,000 accounts; 1,000 contacts of one account (each invited by e-mail: the
 * outbox is written, the printing of the mails is switched off); 1,000 services of that account;
 * 10,000 tickets for that account, each with a technician's reply. Each import then runs twice
 * more: a re-run that changes one field of every record, and an identical re-run (nothing to change).
 * Prints, per pass, the items per second and the time of a call (median and slowest), with the
 * machine's load average beside them (the figures mean little on a busy machine); nothing is
 * asserted. The real app on its own embedded PostgreSQL, over HTTP on 127.0.0.1.
 *
 *   npm run bench:provider-import      (BENCH_PROVIDER_PORT / BENCH_PROVIDER_PG_PORT choose the ports;
 *                                       BENCH_ACCOUNTS / BENCH_CONTACTS / BENCH_SERVICES / BENCH_TICKETS
 *                                       the sizes, 0 skips one)
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { PROVIDER_BULK_MAX_ITEMS } from '@portal/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/index.js';
import { createMailOutbox } from '../apps/server/src/db/mail-outbox.repository.js';
import { PORTAL_QUEUES } from '../apps/server/src/background/queues.js';
import { openDatabase } from '../apps/server/src/db/open.js';
import { createApiKey } from '../apps/server/src/modules/provider/api-keys.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { createMailer, MAIL_DELIVERY_QUEUE } from '../apps/server/src/platform/mail.js';
import { startJobQueue } from '../apps/server/src/platform/job-queue.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? PROVIDER_BULK_MAX_ITEMS);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? PROVIDER_BULK_MAX_ITEMS);
const SERVICES = Number(process.env.BENCH_SERVICES ?? PROVIDER_BULK_MAX_ITEMS);
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
const database = await openDatabase(config, logger, { jobQueues: PORTAL_QUEUES });
// Invitations go to the outbox and are "delivered" as a local run does, without printing 1,000 mails here.
const mailer = createMailer({ outbox: createMailOutbox(database.db), smtpUrl: undefined, from: config.mail.from, log: logger, print: () => undefined });
const app = await buildApp({ config, database, logger, mailer, webDistDir: '/nonexistent' });
// The mails' jobs are worked here as an instance works them (decision 0041).
const jobs = await startJobQueue({ pool: database.pool, queues: PORTAL_QUEUES, logger, pollingIntervalSeconds: 0.5 });
await jobs.work<{ outbox_id: number }>(MAIL_DELIVERY_QUEUE, (job) => mailer.deliver(job.outbox_id));
const base = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PROVIDER_PORT ?? 0) });

const { key } = await createApiKey(database.db, { name: 'Import benchmark', scopes: ['accounts:write', 'contacts:write', 'services:write', 'tickets:write'] });
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const run = randomBytes(4).toString('hex');

const pendingMail = async () =>
  (await database.db.execute<{ pending: number }>(sql`SELECT count(*)::int AS pending FROM mail_outbox WHERE status = 'pending'`)).rows[0]!.pending;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const PASSES = ['first import', 're-run, one field changed', 're-run, identical'] as const;

/**
 * Sends items 0 … count-1 (the nth built by `itemOf`) in bulk calls of PER_CALL to `path`, three
 * times (first import; a re-run where `itemOf` changes a field for pass 2; the same again), and
 * prints each pass.
 */
async function importThrice(what: string, path: string, count: number, itemOf: (n: number, pass: 1 | 2) => object) {
  if (count <= 0) return;
  for (const [index, label] of PASSES.entries()) {
    const loadBefore = load();
    const started = performance.now();
    const calls: number[] = [];
    let createdCount = 0;
    let updatedCount = 0;
    for (let first = 0; first < count; first += PER_CALL) {
      const items = Array.from({ length: Math.min(PER_CALL, count - first) }, (_, i) => itemOf(first + i, index === 0 ? 1 : 2));
      const callStarted = performance.now();
      const response = await fetch(`${base}/api/provider/v1${path}`, { method: 'POST', headers, body: JSON.stringify({ items }) });
      const body = (await response.json()) as { result?: { created: number; updated: number }; message?: string };
      if (!response.ok || !body.result) throw new Error(`bulk call to ${path} failed: ${response.status} ${body.message}`);
      createdCount += body.result.created;
      updatedCount += body.result.updated;
      calls.push(performance.now() - callStarted);
    }
    const total = performance.now() - started;
    const sorted = [...calls].sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
    process.stdout.write(
      `${what.padEnd(24)} ${label.padEnd(26)} ${count.toLocaleString('en-US')} in ${calls.length} call${calls.length === 1 ? '' : 's'}: ` +
        `${Math.round(count / (total / 1000))
          .toLocaleString('en-US')
          .padStart(6)} items/s, ${(total / 1000).toFixed(2)} s; ` +
        `per call of up to ${PER_CALL}: median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, slowest ${ms(sorted.at(-1)!)}; ` +
        `load average ${loadBefore} → ${load()}; created ${createdCount}, updated ${updatedCount}\n`,
    );
  }
}

const statuses = ['New', 'Assigned', 'In Progress', 'Complete'] as const;

process.stdout.write(`${new Date().toISOString()}, ${availableParallelism()} cores, load average (1, 5, 15 min) ${load()}\n`);
try {
  await importThrice('accounts', '/accounts/bulk', ACCOUNTS, (n, pass) => ({
    external_id: `crm-${run}-${n}`,
    name: `Customer ${run} ${n}`,
    billing_id: `ba_${run}_${n}`,
    monitoring_customer_name: `Customer ${n}`,
    billing: { billing_cycle_month_date: 1 + (n % 28), days_past_due: pass - 1 },
  }));

  const account = `bench-${run}`;
  const created = await fetch(`${base}/api/provider/v1/accounts/${account}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ name: `Import bench ${account}` }),
  });
  if (created.status !== 201) throw new Error(`the account was not created: ${created.status} ${await created.text()}`);

  await importThrice('contacts (each invited)', `/accounts/${account}/contacts/bulk`, CONTACTS, (n, pass) => ({
    external_id: `crm-c-${n}`,
    firstname: 'Contact',
    lastname: `Number ${n}`,
    email: `contact.${n}@${run}.bench.example`,
    technical_group: pass === 2,
  }));

  await importThrice('services', `/accounts/${account}/services/bulk`, SERVICES, (n, pass) => ({
    external_id: `svc-${n}`,
    product: { name: `Hosted voice ${n % 10}`, category: 'Voice' },
    item_type: 'itp_voice',
    price: 10 + (n % 50),
    quantity: 1 + (n % 5),
    seats: pass === 1 ? 5 : 6,
    description: `Line ${n}`,
  }));

  await importThrice('tickets (+1 entry each)', `/accounts/${account}/tickets/bulk`, TICKETS, (n, pass) => ({
    external_id: `PSA-${n}`,
    subject: `Ticket ${n}: workstation ${n % 97} cannot reach the file server`,
    description: `Reported by phone. Pass ${pass}.`,
    status: statuses[n % statuses.length],
    priority: n % 5 === 0 ? 'high' : 'medium',
    time_logged_hours: (n % 8) * 0.25,
    entries: [
      { external_id: `PSA-${n}-1`, author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: `Checked the switch port (pass ${pass}).` },
    ],
  }));
  // The invitations are delivered by their jobs, off the request path; let the last of them go before closing.
  for (let waited = 0; waited < 120 && (await pendingMail()) > 0; waited += 1) await sleep(500);
} finally {
  await jobs.stop(10_000);
  await app.close();
  await database.close();
}
