import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config/index.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createLogger, type Logger } from '../src/platform/logger.js';
import { createMailer } from '../src/platform/mail.js';
import { createMailOutbox } from '../src/db/mail-outbox.repository.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** The whole server on a fresh database of its own, driven with `app.inject` (no port). */
export async function buildTestApp(overrides: Record<string, string> = {}, options: { webDistDir?: string; logger?: Logger } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
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
  const mailer = createMailer({ outbox: createMailOutbox(database.db), smtpUrl: undefined, from: config.mail.from, log: logger, print: () => undefined });
  const app = await buildApp({ config, database, logger, mailer, webDistDir: options.webDistDir ?? '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
