import { parseArgs } from 'node:util';
import { userInfo } from 'node:os';
import { ConfigError, loadConfig, type AppConfig } from './config/index.js';
import type { Database } from './db/client.js';
import { openDatabase } from './db/open.js';
import { codeMigrations } from './db/schema-level.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { resealVault, setCredentialPasswordHidden } from './modules/inventory/inventory.service.js';
import { createVaultKeyRing } from './platform/secret-box.js';
import { createLogger } from './platform/logger.js';
import { createTokenService } from './platform/tokens.js';

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
      Seals every stored password and note again under VAULT_KEY. After a key rotation, run it
      with the old key in VAULT_OLD_KEYS; when it is done, the old key can be retired.
`;

/** Commands for the provider's staff, run beside the portal (they share its database). */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { by: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, argument] = positionals;
  const known = (command === 'impersonate' && argument) || ((command === 'hide-password' || command === 'show-password') && argument) || command === 'vault-rekey' || command === 'migrate';
  if (values.help || !known) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }

  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, log, { attachToRunning: true });
  try {
    if (command === 'migrate') {
      const applied = codeMigrations();
      process.stdout.write(`The database has every migration of this version (${applied.length}, the newest ${applied[applied.length - 1]?.tag}).${database.seeded ? ' Demo data added.' : ''}\n`);
      return 0;
    }
    if (command === 'impersonate') return await impersonate(config, database.db, argument!, values.by);
    if (command === 'vault-rekey') {
      const count = await resealVault(database.db, createVaultKeyRing(config.secrets.vaultKey, config.secrets.vaultOldKeys));
      process.stdout.write(`${count} stored credential${count === 1 ? '' : 's'} sealed again under the current vault key.\n`);
      return 0;
    }
    const id = Number(argument);
    if (!Number.isInteger(id) || id <= 0) {
      process.stderr.write(`"${argument}" is not a credential id (a whole number).\n`);
      return 2;
    }
    const hidden = command === 'hide-password';
    const row = await setCredentialPasswordHidden(database.db, id, hidden);
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

async function impersonate(config: AppConfig, db: Database, email: string, by: string | undefined): Promise<number> {
  const sessions = createSessionsService({ db, tokens: createTokenService(config.secrets.tokenSecret), config });
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
