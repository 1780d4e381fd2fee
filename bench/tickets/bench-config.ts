import { randomBytes } from 'node:crypto';

/** The benchmark's own database and ports, so it never touches a developer's portal or the e2e run. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT ?? '8391',
  LOG_LEVEL: 'warn',
  PORTAL_DATA_DIR: '.data/bench',
  EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '54391',
  SEED_DEMO_DATA: 'false',
  // The budget is spent on every request as in production (its cost is in the figures), but never runs out.
  API_REQUESTS_PER_MINUTE: '100000000',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  VAULT_KEY: randomBytes(32).toString('base64'),
} as const;

export const BENCH_ACCOUNT = 'Bench Freight Corp';
export const BENCH_ADMIN_EMAIL = 'ada.admin@bench.example';
export const BENCH_USER_EMAIL = 'ulf.user@bench.example';
export const BENCH_PASSWORD = 'bench-pass-2026';
export const TICKET_COUNT = 100_000;
export const ENTRY_COUNT = 500_000;
/** The IT Asset Manager's list at the size issue 13 names (docs/decisions/0016). */
export const ASSET_COUNT = 20_000;
