import { parseArgs } from 'node:util';
import { userInfo } from 'node:os';
import { ConfigError, loadConfig } from './config/index.js';
import { openDatabase } from './db/open.js';
import { createSessionsService } from './modules/auth/sessions.service.js';
import { createLogger } from './platform/logger.js';
import { createTokenService } from './platform/tokens.js';

const USAGE = `Usage: npm run portal -- <command>

Commands:
  impersonate <email> [--by "<your name>"]
      Prints a portal URL that signs in as that contact. It works once, within one minute,
      and the session records who impersonated whom (--by; default: your system user).
`;

/** Commands for the provider's staff, run beside the portal (they share its database). */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { by: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || command !== 'impersonate' || !email) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }

  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const database = await openDatabase(config, log, { attachToRunning: true });
  try {
    const sessions = createSessionsService({ db: database.db, tokens: createTokenService(config.secrets.tokenSecret), config });
    const staff = values.by?.trim() || `${userInfo().username} (provider staff)`;
    const { url, expiresAt, contact } = await sessions.issueImpersonationUrl(email, staff);
    process.stdout.write(
      `Sign in as ${contact.firstname} ${contact.lastname} <${contact.email}> of ${contact.accountName}:\n\n  ${url}\n\nThe link works once, until ${expiresAt.toISOString()} (one minute). Recorded as impersonation by ${staff}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? '' : 'Failed: '}${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
