import { randomBytes } from 'node:crypto';

/**
 * BENCH_TICKETS=1000000 runs the same benchmark on an account of that size (decision 0027), with a
 * data folder of its own so both sizes stay seeded side by side.
 */
export const TICKET_COUNT = Number(process.env.BENCH_TICKETS ?? 100_000);
if (!Number.isInteger(TICKET_COUNT) || TICKET_COUNT < 1_000) throw new Error('BENCH_TICKETS must be a whole number of at least 1000');
export const ENTRIES_PER_TICKET = 5;
export const ENTRY_COUNT = TICKET_COUNT * ENTRIES_PER_TICKET;
/** One ticket with a conversation this long: its detail must answer as fast as a short one's (docs/decisions/0027). */
export const LONG_CONVERSATION_ENTRIES = 5_000;

/** The benchmark's own database and ports, so it never touches a developer's portal or the e2e run. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT ?? '8391',
  LOG_LEVEL: 'warn',
  PORTAL_DATA_DIR: TICKET_COUNT === 100_000 ? '.data/bench' : `.data/bench-${TICKET_COUNT}`,
  EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '54391',
  SEED_DEMO_DATA: 'false',
  // The budget is spent on every request as in production (its cost is in the figures), but never runs out.
  API_REQUESTS_PER_MINUTE: '100000000',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  VAULT_KEY: randomBytes(32).toString('base64'),
} as const;

export const BENCH_ACCOUNT = 'Bench Freight Corp';
/** The bench account's balance at every start: the payment scenario's $1.00 payments never pay it off. */
export const BENCH_BILLING_BALANCE = 1_000_000_000;
export const BENCH_ADMIN_EMAIL = 'ada.admin@bench.example';
export const BENCH_USER_EMAIL = 'ulf.user@bench.example';
export const BENCH_PASSWORD = 'bench-pass-2026';
/** The IT Asset Manager's list at the size docs/decisions/0016 names. */
export const ASSET_COUNT = 20_000;
