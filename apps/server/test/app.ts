import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createContainer, type Container } from '../src/container.js';
import { loadConfig, type AppConfig } from '../src/config/index.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createLogger, type Logger } from '../src/platform/logger.js';
import { createMailer } from '../src/platform/mail.js';
import { createPortalMetrics, type PortalMetrics } from '../src/platform/metrics.js';
import type { PaymentGateway } from '../src/platform/payment-gateway.js';
import { createMailOutbox } from '../src/db/mail-outbox.repository.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  /** The object graph the app is built from (container.ts), for tests that run its background work. */
  container: Container;
  database: DatabaseHandle;
  config: AppConfig;
  metrics: PortalMetrics;
  close(): Promise<void>;
}

/** The whole server on a fresh database of its own, driven with `app.inject` (no port). */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: {
    webDistDir?: string;
    webPrerenderEntry?: string;
    prerenderReadyWaitMs?: number;
    logger?: Logger;
    processMetrics?: boolean;
    paymentGateway?: PaymentGateway;
    /** Another instance's database (its `database`): closing this app leaves it open. */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ? { ...options.database, close: async () => undefined } : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    VAULT_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'http://portal.test',
    // Far above what any test sends; request-budget.test.ts sets a small one of its own.
    API_REQUESTS_PER_MINUTE: '100000',
    PROVIDER_API_REQUESTS_PER_MINUTE: '100000',
    ...overrides,
  });
  const logger = options.logger ?? createLogger('silent');
  // The real outbox, minus the printing: tests read sent mail from the mail_outbox table.
  // Process metrics (memory, event loop) watch the whole process, so only tests that read them turn them on.
  const metrics = createPortalMetrics({ pool: database.pool, processMetrics: options.processMetrics ?? false });
  const mailer = createMailer({
    outbox: createMailOutbox(database.db),
    smtpUrl: undefined,
    from: config.mail.from,
    log: logger,
    print: () => undefined,
    counted: (outcome) => metrics.mails.inc({ outcome }),
  });
  const container = createContainer({
    config,
    database,
    logger,
    mailer,
    metrics,
    webDistDir: options.webDistDir ?? '/nonexistent',
    webPrerenderEntry: options.webPrerenderEntry,
    prerenderReadyWaitMs: options.prerenderReadyWaitMs,
    ...(options.paymentGateway ? { paymentGateway: options.paymentGateway } : {}),
  });
  const app = await buildApp(container);
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close();
    throw error;
  }
  return {
    app,
    container,
    database,
    config,
    metrics,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
