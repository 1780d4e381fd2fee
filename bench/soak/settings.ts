/** The soak benchmark's settings, all from the environment (see the header of run.ts). */

function positive(name: string, fallback: number, options: { integer?: boolean; min?: number } = {}): number {
  const integer = options.integer ?? true;
  const min = options.min ?? 1;
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min} (got "${raw}")`);
  }
  return value;
}

const minutes = positive('SOAK_MINUTES', 30, { integer: false, min: 0.5 });
const vus = positive('SOAK_VUS', 12);
const paceMs = positive('SOAK_PACE_MS', 1000, { min: 100 });

export const SETTINGS = {
  minutes,
  durationMs: Math.round(minutes * 60_000),
  /** Virtual customers, each a contact of its own (so each has its own request budget). */
  vus,
  /** Each virtual customer starts one action every paceMs (±30 %), whatever the last one took. */
  paceMs,
  /** The provider's systems: one PSA/CRM sync, one call every providerPaceMs. */
  providerPaceMs: positive('SOAK_PROVIDER_PACE_MS', 2000, { min: 100 }),
  port: positive('SOAK_PORT', 8396),
  pgPort: positive('SOAK_PG_PORT', 54396),
  receiverPort: positive('SOAK_RECEIVER_PORT', 8397),
  dataDir: process.env.SOAK_DATA_DIR ?? '.data/bench-soak',
  /** How long after the load the webhooks still have to arrive. */
  webhookGraceMs: positive('SOAK_WEBHOOK_GRACE_S', 60) * 1000,
  /** How often the server's resident memory is sampled. */
  sampleMs: positive('SOAK_SAMPLE_S', 10) * 1000,
  requestTimeoutMs: positive('SOAK_REQUEST_TIMEOUT_S', 15) * 1000,
  /** A ceiling on the requests of the whole run, far above what the pace gives, so no loop can run away. */
  maxRequests: positive('SOAK_MAX_REQUESTS', Math.ceil(minutes * 60_000 * (vus / paceMs + 1 / 1000) * 5) + 10_000),
} as const;

export const ACME = { externalId: 'crm-acme-1001', billingId: 'ba_acme_1001' } as const;
