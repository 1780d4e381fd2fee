import { parseArgs } from 'node:util';
import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config/index.js';
import { PORTAL_QUEUES } from './background/queues.js';
import { backupDatabase, BackupError, candidateFolders, restoreDatabase } from './db/backup.js';
import type pg from 'pg';
import type { Database } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { openDatabase } from './db/open.js';
import { demoDataOnEmptyDatabase } from '../seed/index.js';
import { codeMigrations } from './db/schema-level.js';
import type { SessionsService } from './modules/auth/sessions.service.js';
import { createContainer } from './container.js';
import { runWebhookCommand, WEBHOOK_USAGE } from './modules/webhooks/webhooks.cli.js';
import { resealWebhookSecrets } from './modules/webhooks/webhooks.service.js';
import { resealTotpSecrets } from './modules/auth/two-factor.js';
import { createIdentityProviderSettings, resealClientSecrets } from './modules/identity-providers/index.js';
import { IDENTITY_PROVIDER_USAGE, runIdentityProviderCommand } from './modules/identity-providers/identity-providers.cli.js';
import { resealVault, setCredentialPasswordHidden } from './modules/inventory/inventory.service.js';
import { createLogger, type Logger } from './platform/logger.js';
import { createPortalMetrics } from './platform/metrics.js';
import { failedJobs, jobCounts } from './platform/job-queue.js';
import { createApiKey, parseScopes } from './modules/provider/api-keys.js';
import { listApiKeys, revokeApiKey } from './modules/provider/api-keys.repository.js';
import { PROVIDER_SCOPES } from '@portal/contract';

const USAGE = `Usage: npm run portal -- <command>

Commands:
  impersonate <email> [--by "<your name>"]
      Prints a portal URL that signs in as that contact. It works once, within one minute,
      and the session records who impersonated whom (--by; default: your system user).
  hide-password <credential id>
      Hides a stored credential's password from the customer: the portal shows
      'Password hidden by administrator' and refuses to change it. show-password <id> undoes it.
  migrate
      Applies the migrations this version ships (and the demo data into an empty database when
      SEED_DEMO_DATA is on), then exits. Instances do this at start too; run it first in an
      upgrade so no instance starts against an older schema (README, "Upgrades").
  vault-rekey
      Seals every stored password, note, webhook, authenticator and identity provider secret again under VAULT_KEY. After a key rotation, run it
      with the old key in VAULT_OLD_KEYS; when it is done, the old key can be retired.
  backup <file>
      Writes the whole database (embedded, or at DATABASE_URL) to <file> with pg_dump's custom
      format. Keep VAULT_KEY and TOKEN_SECRET (or the data folder's secrets.json) safe apart from it:
      the stored credential passwords in the backup open only with that VAULT_KEY.
  restore <file> [--force]
      Restores a backup into an empty database (a fresh PORTAL_DATA_DIR, or a new database at
      DATABASE_URL). --force drops what the database holds first. Start the portal afterwards.
  api-key create --name "<name>" --scopes <scope,scope,…> [--expires YYYY-MM-DD]
      Creates a key for the provider API (/api/provider/v1, docs/provider-integration.md) and
      prints it once; only its hash is kept. Scopes: ${PROVIDER_SCOPES.join(', ')}
      (a :write scope also grants :read).
  api-key list
      Lists the keys: id, prefix, name, scopes, expiry, revocation and last use.
  api-key revoke <id | prefix>
      Revokes a key at once.
  jobs
      Lists the background jobs by queue and state (sweeping, auto-pay; decision 0040), and the newest
      ones that failed for good, with their error.
${WEBHOOK_USAGE}${IDENTITY_PROVIDER_USAGE}`;

/** Commands for the provider's staff, run beside the portal (they share its database). */
async function main(): Promise<number> {
  if (process.argv[2] === 'webhook') return webhookCommand(process.argv.slice(3));
  if (process.argv[2] === 'identity-provider') return identityProviderCommand(process.argv.slice(3));
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      by: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  const [command, argument, third] = positionals;
  const apiKeyCommand = command === 'api-key' && (argument === 'create' || argument === 'list' || (argument === 'revoke' && third));
  const known =
    ((command === 'impersonate' || command === 'hide-password' || command === 'show-password' || command === 'backup' || command === 'restore') && argument) ||
    command === 'vault-rekey' ||
    command === 'migrate' ||
    command === 'jobs' ||
    apiKeyCommand;
  if (values.help || !known) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }

  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  if (command === 'backup' || command === 'restore')
    return backupOrRestore(config, log, command, resolve(process.env.INIT_CWD ?? process.cwd(), argument!), values.force === true);
  // As `npm start` does, an empty database gets the demo data when SEED_DEMO_DATA is on (the CLI is an entry too).
  const database = await openDatabase(config, log, { attachToRunning: true, startupData: demoDataOnEmptyDatabase(config), jobQueues: PORTAL_QUEUES });
  try {
    if (command === 'migrate') {
      const applied = codeMigrations();
      process.stdout.write(
        `The database has every migration of this version (${applied.length}, the newest ${applied[applied.length - 1]?.tag}).${database.seeded ? ' Demo data added.' : ''}\n`,
      );
      return 0;
    }
    // The CLI serves no metrics: its services count into a registry nobody reads.
    const container = createContainer({ config, database, logger: log, metrics: createPortalMetrics() });
    if (command === 'impersonate') return await impersonate(container.sessions, argument!, values.by);
    if (command === 'api-key') return await apiKey(database.db, argument!, third, values);
    if (command === 'jobs') return await listJobs(database.pool);
    if (command === 'vault-rekey') {
      const count = await resealVault(database.db, container.vault);
      const secrets = await resealWebhookSecrets(database.db, container.vault);
      const totp = await resealTotpSecrets(database.db, container.vault);
      const clients = await resealClientSecrets(database.db, container.vault);
      process.stdout.write(
        `${count} stored credential${count === 1 ? '' : 's'}, ${secrets} webhook secret${secrets === 1 ? '' : 's'}, ${totp} authenticator secret${totp === 1 ? '' : 's'} and ${clients} identity provider client secret${clients === 1 ? '' : 's'} sealed again under the current vault key.\n`,
      );
      return 0;
    }
    const id = Number(argument);
    if (!Number.isInteger(id) || id <= 0) {
      process.stderr.write(`"${argument}" is not a credential id (a whole number).\n`);
      return 2;
    }
    const hidden = command === 'hide-password';
    const row = await setCredentialPasswordHidden({ db: database.db, events: container.events }, id, hidden);
    if (!row) {
      process.stderr.write(`No credential has id ${id}.\n`);
      return 1;
    }
    process.stdout.write(`The password of "${row.serviceName}" (credential ${id}) is ${hidden ? 'now hidden from' : 'visible again to'} the customer.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The job queue's figures and its failures, read from its tables (no queue is started). */
async function listJobs(pool: pg.Pool): Promise<number> {
  const counts = await jobCounts(pool);
  if (counts.length === 0) {
    process.stdout.write('No background job has run yet (the queue is created when the first instance starts).\n');
    return 0;
  }
  process.stdout.write(`${'queue'.padEnd(24)} ${'state'.padEnd(10)} jobs\n`);
  for (const { queue, state, count } of counts) process.stdout.write(`${queue.padEnd(24)} ${state.padEnd(10)} ${count}\n`);
  const failed = await failedJobs(pool);
  process.stdout.write(failed.length === 0 ? '\nNo job has failed for good.\n' : '\nFailed for good, newest first:\n');
  for (const job of failed)
    process.stdout.write(`  ${job.failedAt?.toISOString() ?? '—'}  ${job.queue}  ${job.id}  after ${job.retries} retries: ${job.error}\n`);
  return 0;
}

/**
 * Backups reach the database without migrating or seeding it (a restore needs it empty): the
 * embedded server is started, or the running one used, and left as it was found.
 */
async function backupOrRestore(config: AppConfig, log: Logger, command: 'backup' | 'restore', file: string, force: boolean): Promise<number> {
  const target = config.database;
  const embedded =
    target.kind === 'embedded'
      ? await startEmbeddedPostgres({ dir: target.dir, port: target.port, log, attachToRunning: true, portalUrl: config.publicUrl })
      : undefined;
  const url = target.kind === 'external' ? target.url : embedded!.connectionString();
  const where = target.kind === 'external' ? 'the PostgreSQL at DATABASE_URL' : `the embedded PostgreSQL (${target.dir})`;
  const folders = candidateFolders(config.postgresBinDir);
  try {
    if (command === 'backup') {
      const program = await backupDatabase(url, file, folders);
      process.stdout.write(
        `Backed up ${where} to ${file} (${statSync(file).size} bytes, pg_dump ${program.major}).\n` +
          'Keep VAULT_KEY and TOKEN_SECRET (or secrets.json of the data folder) apart from it: stored credential passwords open only with that VAULT_KEY.\n',
      );
    } else {
      const program = await restoreDatabase(url, file, { force, folders });
      process.stdout.write(
        `Restored ${file} into ${where} (pg_restore ${program.major}). Start the portal with the VAULT_KEY and TOKEN_SECRET of the backed-up one.\n`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await embedded?.stop();
  }
}

async function apiKey(db: Database, action: string, target: string | undefined, values: { name?: string; scopes?: string; expires?: string }): Promise<number> {
  if (action === 'create') {
    if (!values.name || !values.scopes) {
      process.stderr.write('api-key create needs --name "<name>" and --scopes <scope,scope,…>.\n');
      return 2;
    }
    const expiresAt = values.expires ? new Date(`${values.expires}${values.expires.length === 10 ? 'T00:00:00Z' : ''}`) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) {
      process.stderr.write(`"${values.expires}" is not a date (YYYY-MM-DD).\n`);
      return 2;
    }
    const { key, row } = await createApiKey(db, {
      name: values.name,
      scopes: parseScopes(values.scopes),
      expiresAt,
      createdBy: `${userInfo().username} (provider staff)`,
    });
    process.stdout.write(
      `API key ${row.id} "${row.name}" (prefix ${row.prefix}), scopes ${row.scopes.join(', ')}${row.expiresAt ? `, expires ${row.expiresAt.toISOString()}` : ''}:\n\n  ${key}\n\nIt is shown only now; store it in the integration's secrets. Send it as Authorization: Bearer <key>.\n`,
    );
    return 0;
  }
  if (action === 'list') {
    const rows = await listApiKeys(db);
    if (rows.length === 0)
      process.stdout.write('No API keys yet. Create one with: npm run portal -- api-key create --name "PSA sync" --scopes tickets:write\n');
    for (const row of rows) {
      const state = row.revokedAt
        ? `revoked ${row.revokedAt.toISOString()}`
        : row.expiresAt && row.expiresAt <= new Date()
          ? `expired ${row.expiresAt.toISOString()}`
          : 'active';
      process.stdout.write(
        `${row.id}\t${row.prefix}\t${row.name}\t${row.scopes.join(',')}\t${state}\texpires ${row.expiresAt?.toISOString() ?? 'never'}\tlast used ${row.lastUsedAt?.toISOString() ?? 'never'}\n`,
      );
    }
    return 0;
  }
  const byId = /^\d{1,9}$/.test(target!) ? { id: Number(target) } : { prefix: target!.replace(/^ppk_/, '').split('_')[0]! };
  const row = await revokeApiKey(db, byId);
  if (!row) {
    process.stderr.write(`No API key has the id or prefix ${target}.\n`);
    return 1;
  }
  process.stdout.write(`API key ${row.id} "${row.name}" (prefix ${row.prefix}) is revoked since ${row.revokedAt!.toISOString()}.\n`);
  return 0;
}

/** The provider's webhook endpoints and deliveries (docs/webhooks.md); the running portal's worker sends them. */
async function webhookCommand(args: string[]): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, logger, { attachToRunning: true, startupData: demoDataOnEmptyDatabase(config), jobQueues: PORTAL_QUEUES });
  try {
    const { webhooks } = createContainer({ config, database, logger, metrics: createPortalMetrics() });
    return await runWebhookCommand(webhooks, args, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) });
  } finally {
    await database.close();
  }
}

/** The client secret of `identity-provider set`: IDP_CLIENT_SECRET, or one line piped to standard input (never an argument). */
async function clientSecretInput(): Promise<string | undefined> {
  if (process.env.IDP_CLIENT_SECRET) return process.env.IDP_CLIENT_SECRET;
  if (process.stdin.isTTY) return undefined;
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] || undefined;
}

async function identityProviderCommand(args: string[]): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, logger, { attachToRunning: true, startupData: demoDataOnEmptyDatabase(config), jobQueues: PORTAL_QUEUES });
  try {
    const { vault, events } = createContainer({ config, database, logger, metrics: createPortalMetrics() });
    const settings = createIdentityProviderSettings({ db: database.db, vault, events, config });
    return await runIdentityProviderCommand(database.db, settings, args, {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      secret: () => (args[0] === 'set' ? clientSecretInput() : Promise.resolve(undefined)),
    });
  } finally {
    await database.close();
  }
}

async function impersonate(sessions: SessionsService, email: string, by: string | undefined): Promise<number> {
  const staff = by?.trim() || `${userInfo().username} (provider staff)`;
  const { url, expiresAt, contact } = await sessions.issueImpersonationUrl(email, staff);
  process.stdout.write(
    `Sign in as ${contact.firstname} ${contact.lastname} <${contact.email}> of ${contact.accountName}:\n\n  ${url}\n\nThe link works once, until ${expiresAt.toISOString()} (one minute). Recorded as impersonation by ${staff}.\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? '' : 'Failed: '}${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
