import { z } from 'zod';

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be between 1 and 65535`)
    .max(65535, `${name} must be between 1 and 65535`);

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((value) => ['true', '1', 'yes'].includes(value));

/** The environment variables the server reads, all in one place (names are the variables themselves). */
export const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: port('PORT').default(8080),
    PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
    TRUST_PROXY: flag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Log lines (JSON) go to this file, appended, instead of the server's output. */
    LOG_FILE: z.string().trim().min(1).optional(),

    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
    /** false behind a pooler that does not keep a connection's prepared statements, such as PgBouncer before 1.21 in transaction mode (decision 0038). */
    DATABASE_PREPARED_STATEMENTS: flag.default(true),
    /**
     * A direct connection to PostgreSQL for the live updates' LISTEN (decision 0046), where DATABASE_URL goes through a
     * pooler in transaction mode, which keeps no session to listen on (decision 0038). Defaults to DATABASE_URL.
     */
    DATABASE_LISTEN_URL: url('DATABASE_LISTEN_URL', ['postgres:', 'postgresql:']).optional(),
    PORTAL_DATA_DIR: z.string().trim().min(1).default('.data/portal'),
    EMBEDDED_PG_PORT: port('EMBEDDED_PG_PORT').default(54329),
    SEED_DEMO_DATA: flag.default(true),
    /** Where `npm run portal -- backup/restore` look first for pg_dump and pg_restore (they must be the database's major version or newer). */
    POSTGRES_BIN_DIR: z.string().trim().min(1).optional(),
    /** Requests a minute each signed-in contact (or, signed out, each client address) may make to the API; 0 turns the budget off. */
    API_REQUESTS_PER_MINUTE: z.coerce
      .number({ error: 'API_REQUESTS_PER_MINUTE must be a whole number' })
      .int('API_REQUESTS_PER_MINUTE must be a whole number')
      .min(0, 'API_REQUESTS_PER_MINUTE must be 0 (no budget) or more')
      .default(300),
    /** Requests a minute each provider API key may make (its own budget, beside the customers'); 0 turns it off. */
    PROVIDER_API_REQUESTS_PER_MINUTE: z.coerce
      .number({ error: 'PROVIDER_API_REQUESTS_PER_MINUTE must be a whole number' })
      .int('PROVIDER_API_REQUESTS_PER_MINUTE must be a whole number')
      .min(0, 'PROVIDER_API_REQUESTS_PER_MINUTE must be 0 (no budget) or more')
      .default(1200),
    /** How often this instance looks for automatic payments that are due; 0 leaves it to other instances or `npm run portal -- autopay`. */
    AUTOPAY_EVERY_MINUTES: z.coerce
      .number({ error: 'AUTOPAY_EVERY_MINUTES must be a whole number' })
      .int('AUTOPAY_EVERY_MINUTES must be a whole number')
      .min(0, 'AUTOPAY_EVERY_MINUTES must be 0 (off) or more')
      .default(60),
    /** Ticket attachments (docs/decisions/0047): the largest file, in bytes (25 MB). */
    ATTACHMENT_MAX_FILE_BYTES: z.coerce
      .number({ error: 'ATTACHMENT_MAX_FILE_BYTES must be a whole number of bytes' })
      .int('ATTACHMENT_MAX_FILE_BYTES must be a whole number of bytes')
      .min(1024, 'ATTACHMENT_MAX_FILE_BYTES must be between 1024 and 1073741824')
      .max(1_073_741_824, 'ATTACHMENT_MAX_FILE_BYTES must be between 1024 and 1073741824')
      .default(25 * 1024 * 1024),
    /** Files one entry (a new ticket, a reply) may carry. */
    ATTACHMENT_MAX_FILES: z.coerce
      .number({ error: 'ATTACHMENT_MAX_FILES must be a whole number' })
      .int('ATTACHMENT_MAX_FILES must be a whole number')
      .min(1, 'ATTACHMENT_MAX_FILES must be between 1 and 100')
      .max(100, 'ATTACHMENT_MAX_FILES must be between 1 and 100')
      .default(10),
    /** What one account's attachments may take in all, in bytes (1 GB). */
    ATTACHMENT_ACCOUNT_QUOTA_BYTES: z.coerce
      .number({ error: 'ATTACHMENT_ACCOUNT_QUOTA_BYTES must be a whole number of bytes' })
      .int('ATTACHMENT_ACCOUNT_QUOTA_BYTES must be a whole number of bytes')
      .min(1024, 'ATTACHMENT_ACCOUNT_QUOTA_BYTES must be at least 1024')
      .default(1024 * 1024 * 1024),
    /** Where attachments' bytes live (docs/decisions/0047): postgres (chunks in the database, the default) or s3 (a bucket). */
    ATTACHMENT_STORE: z.enum(['postgres', 's3'], { error: 'ATTACHMENT_STORE must be postgres or s3' }).default('postgres'),
    /** The S3-compatible service's address (MinIO, Ceph, R2, …); unset, AWS's own for S3_REGION. */
    S3_ENDPOINT: url('S3_ENDPOINT', ['https:', 'http:']).optional(),
    /** The bucket attachments go to (it must exist); required with ATTACHMENT_STORE=s3. */
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
      .optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Both or neither: unset, the AWS SDK's own chain (environment, instance role, …). */
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    /** Bucket in the path (https://host/bucket/key) rather than the host name: most S3-compatible servers want it. */
    S3_FORCE_PATH_STYLE: flag.default(false),
    /** How often an open live stream (GET /api/portal/events) is sent a keep-alive and its session checked again. */
    LIVE_HEARTBEAT_MS: z.coerce
      .number({ error: 'LIVE_HEARTBEAT_MS must be a whole number of milliseconds' })
      .int('LIVE_HEARTBEAT_MS must be a whole number of milliseconds')
      .min(50, 'LIVE_HEARTBEAT_MS must be between 50 and 300000')
      .max(300_000, 'LIVE_HEARTBEAT_MS must be between 50 and 300000')
      .default(25_000),
    /** How often this instance looks for webhook deliveries that are due, in milliseconds; 0 leaves them to other instances. */
    WEBHOOK_POLL_MS: z.coerce
      .number({ error: 'WEBHOOK_POLL_MS must be a whole number of milliseconds' })
      .int('WEBHOOK_POLL_MS must be a whole number of milliseconds')
      .refine((value) => value === 0 || (value >= 100 && value <= 3_600_000), 'WEBHOOK_POLL_MS must be 0 (off) or between 100 and 3600000')
      .default(1000),
    /** How long a receiver has to answer one delivery attempt, in milliseconds. */
    WEBHOOK_TIMEOUT_MS: z.coerce
      .number({ error: 'WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds' })
      .int('WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds')
      .min(1000, 'WEBHOOK_TIMEOUT_MS must be between 1000 and 60000')
      .max(60_000, 'WEBHOOK_TIMEOUT_MS must be between 1000 and 60000')
      .default(10_000),
    /** Deliveries one instance sends at once. */
    WEBHOOK_CONCURRENCY: z.coerce
      .number({ error: 'WEBHOOK_CONCURRENCY must be a whole number' })
      .int('WEBHOOK_CONCURRENCY must be a whole number')
      .min(1, 'WEBHOOK_CONCURRENCY must be between 1 and 100')
      .max(100, 'WEBHOOK_CONCURRENCY must be between 1 and 100')
      .default(10),
    /** Whether webhook URLs may point at loopback, private or link-local addresses (docs/decisions/0026). */
    WEBHOOK_ALLOW_PRIVATE_URLS: flag.default(true),

    /** On SIGTERM, how long /readyz answers 503 while requests are still served, so a load balancer stops sending new ones first. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_SECONDS must be a number of seconds' })
      .min(0, 'SHUTDOWN_DRAIN_SECONDS must be 0 or more')
      .max(120, 'SHUTDOWN_DRAIN_SECONDS must be at most 120')
      .default(2),
    /** The most a shutdown may take, drain included; past it the process exits with status 1. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds' })
      .min(1, 'SHUTDOWN_TIMEOUT_SECONDS must be at least 1')
      .max(300, 'SHUTDOWN_TIMEOUT_SECONDS must be at most 300')
      .default(10),

    PROVIDER_NAME: z.string().trim().min(1).max(100).default('IT Partners'),
    PROVIDER_EMAIL_DOMAIN: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'PROVIDER_EMAIL_DOMAIN must be a domain such as itpartners.example')
      .default('itpartners.example'),
    SUPPORT_PHONE: z.string().trim().min(1).max(40).default('+1 (800) 555-0199'),
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'SUPPORT_EMAIL must be an e-mail address')
      .default('support@itpartners.example'),
    /** The provider's colour in its mails (buttons, the header's rule): the web app's brand blue unless set. */
    PROVIDER_COLOR: z
      .string()
      .trim()
      .regex(/^#[0-9a-f]{6}$/i, 'PROVIDER_COLOR must be a colour such as #1d4fb8')
      .default('#1d4fb8'),
    /** The provider's postal address on statements and receipts, one line (docs/decisions/0032). */
    PROVIDER_ADDRESS: z.string().trim().min(1).max(200).default('100 Harbor Way, Suite 400, Springfield, IL 62701, USA'),
    PORTAL_HOME_URL: url('PORTAL_HOME_URL', ['http:', 'https:']).optional(),

    /** The remote-monitoring server the RMM agent reports to (its address goes into every agent build); default https://rmm.<PROVIDER_EMAIL_DOMAIN>. */
    MONITORING_SERVER_URL: url('MONITORING_SERVER_URL', ['https:', 'http:']).optional(),

    /** Bearer token that opens GET /metrics on the portal's port; unset, /metrics answers 404 there (decision 0024). */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(24, 'METRICS_TOKEN must be at least 24 characters')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable characters without spaces')
      .optional(),
    /** A listen address of its own for GET /metrics, without a token (keep it on a private network); unset, none. */
    METRICS_PORT: port('METRICS_PORT').optional(),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),

    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),

    VOICE_APP_URL: url('VOICE_APP_URL', ['http:', 'https:']).default('https://voice.itpartners.example/'),
    PAYLINK_APP_URL: url('PAYLINK_APP_URL', ['http:', 'https:']).default('https://paylink.itpartners.example/'),
    OFFICE365_URL: url('OFFICE365_URL', ['http:', 'https:']).default('https://portal.office.com/'),
    GOOGLE_WORKSPACE_URL: url('GOOGLE_WORKSPACE_URL', ['http:', 'https:']).default('https://workspace.google.com/dashboard'),

    /** HMAC key for access and purpose tokens; at least 32 bytes. Generated into the data folder when absent. */
    TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
    /** 32-byte AES key for stored credential passwords, base64. Generated into the data folder when absent. */
    VAULT_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'VAULT_KEY must be 32 bytes, base64-encoded')
      .optional(),
    /** Earlier vault keys, comma-separated, still needed to open what they sealed until `npm run portal -- vault-rekey` has run. */
    VAULT_OLD_KEYS: z
      .string()
      .trim()
      .refine(
        (value) => value.split(',').every((key) => Buffer.from(key.trim(), 'base64').length === 32),
        'VAULT_OLD_KEYS must be 32-byte keys, base64-encoded, separated by commas',
      )
      .optional(),
  })
  .refine((env) => env.SHUTDOWN_DRAIN_SECONDS < env.SHUTDOWN_TIMEOUT_SECONDS, {
    path: ['SHUTDOWN_DRAIN_SECONDS'],
    message: 'SHUTDOWN_DRAIN_SECONDS must be shorter than SHUTDOWN_TIMEOUT_SECONDS (the drain is part of the shutdown)',
  })
  .refine((env) => env.ATTACHMENT_STORE !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET is required with ATTACHMENT_STORE=s3',
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's own credentials",
  });

export type Environment = z.infer<typeof environmentSchema>;
