import { environmentSchema } from './schema.js';
import { fromRepoRoot } from './paths.js';
import { loadOrCreateSecrets } from './secrets.js';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  /** Where log lines go instead of the server's output (LOG_FILE); resolved from the repository root. */
  logFile: string | undefined;
  /** preparedStatements false: no named statement is sent, for a transaction-mode pooler in front of the external database (decision 0038). */
  database: { kind: 'external'; url: string; preparedStatements: boolean } | { kind: 'embedded'; port: number; dir: string };
  dataDir: string;
  /** The folder of PostgreSQL's client programs for backups (POSTGRES_BIN_DIR), looked in before the others. */
  postgresBinDir: string | undefined;
  seedDemoData: boolean;
  /** Requests a minute per caller across the API; 0 means no budget. */
  apiRequestsPerMinute: number;
  /** Requests a minute per provider API key; 0 means no budget. */
  providerRequestsPerMinute: number;
  /** Minutes between auto-pay runs on this instance; 0 = none. */
  autoPayEveryMinutes: number;
  /** Ticket attachments' limits (docs/decisions/0047). */
  attachments: { maxFileBytes: number; maxFiles: number; accountQuotaBytes: number };
  /** Where attachments' bytes live: PostgreSQL (the default) or an S3-compatible bucket (docs/decisions/0047). */
  attachmentStore: { kind: 'postgres' } | S3StoreConfig;
  /** Webhook delivery (docs/decisions/0026): pollMs 0 = this instance sends none. */
  webhooks: { pollMs: number; timeoutMs: number; concurrency: number; allowPrivateUrls: boolean };
  /** SIGTERM: /readyz answers 503 for drainMs while requests are still served, then the server closes; exit by timeoutMs. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The live stream (decision 0046): its keep-alive and session check, and the direct connection LISTEN uses, if not the pool's. */
  live: { heartbeatMs: number; listenUrl: string | undefined };
  provider: { name: string; address: string; emailDomain: string; supportPhone: string; supportEmail: string; portalHomeUrl: string; color: string };
  mail: { smtpUrl: string | undefined; from: string };
  /** Who may read GET /metrics: a bearer token on the portal's port and/or a listen address of its own; neither, nobody. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** The remote-monitoring system the support tools' agent builds report to. */
  monitoring: { serverUrl: string };
  apps: { voice: string; paylink: string; office365: string; googleWorkspace: string };
  secrets: { tokenSecret: string; vaultKey: Buffer; vaultOldKeys: Buffer[] };
  /** TOKEN_SECRET or VAULT_KEY was not given and came from the data folder (fine for one instance only). */
  secretsFromDataFolder: boolean;
}

export interface S3StoreConfig {
  kind: 's3';
  endpoint: string | undefined;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; every problem is listed in one clear message. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const relevant = Object.fromEntries(Object.keys(environmentSchema.shape).map((key) => [key, emptyToUndefined(environment[key])]));
  const parsed = environmentSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = fromRepoRoot(env.PORTAL_DATA_DIR);
  const generated = env.TOKEN_SECRET && env.VAULT_KEY ? undefined : loadOrCreateSecrets(dataDir);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE ? fromRepoRoot(env.LOG_FILE) : undefined,
    database: env.DATABASE_URL
      ? { kind: 'external', url: env.DATABASE_URL, preparedStatements: env.DATABASE_PREPARED_STATEMENTS }
      : { kind: 'embedded', port: env.EMBEDDED_PG_PORT, dir: `${dataDir}/pg` },
    dataDir,
    postgresBinDir: env.POSTGRES_BIN_DIR,
    seedDemoData: env.SEED_DEMO_DATA,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
    providerRequestsPerMinute: env.PROVIDER_API_REQUESTS_PER_MINUTE,
    autoPayEveryMinutes: env.AUTOPAY_EVERY_MINUTES,
    attachments: {
      maxFileBytes: env.ATTACHMENT_MAX_FILE_BYTES,
      maxFiles: env.ATTACHMENT_MAX_FILES,
      accountQuotaBytes: env.ATTACHMENT_ACCOUNT_QUOTA_BYTES,
    },
    attachmentStore:
      env.ATTACHMENT_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'postgres' },
    webhooks: {
      pollMs: env.WEBHOOK_POLL_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      concurrency: env.WEBHOOK_CONCURRENCY,
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS,
    },
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, listenUrl: env.DATABASE_LISTEN_URL },
    provider: {
      name: env.PROVIDER_NAME,
      address: env.PROVIDER_ADDRESS,
      emailDomain: env.PROVIDER_EMAIL_DOMAIN.toLowerCase(),
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      portalHomeUrl: env.PORTAL_HOME_URL ?? publicUrl,
      color: env.PROVIDER_COLOR.toLowerCase(),
    },
    monitoring: { serverUrl: (env.MONITORING_SERVER_URL ?? `https://rmm.${env.PROVIDER_EMAIL_DOMAIN.toLowerCase()}`).replace(/\/+$/, '') },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.PROVIDER_NAME} <no-reply@${env.PROVIDER_EMAIL_DOMAIN}>` },
    apps: {
      voice: env.VOICE_APP_URL,
      paylink: env.PAYLINK_APP_URL,
      office365: env.OFFICE365_URL,
      googleWorkspace: env.GOOGLE_WORKSPACE_URL,
    },
    secrets: {
      tokenSecret: env.TOKEN_SECRET ?? generated!.tokenSecret,
      vaultKey: Buffer.from(env.VAULT_KEY ?? generated!.vaultKey, 'base64'),
      vaultOldKeys: (env.VAULT_OLD_KEYS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
        .map((key) => Buffer.from(key, 'base64')),
    },
    secretsFromDataFolder: generated !== undefined,
  };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
