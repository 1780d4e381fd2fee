import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

const withDataDir = () => ({ PORTAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-config-')) });

describe('configuration', () => {
  it('has working defaults for a local run: embedded database, port 8080, loopback only', () => {
    const config = loadConfig(withDataDir());
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toMatchObject({ kind: 'embedded', port: 54329 });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.provider.emailDomain).toBe('itpartners.example');
  });

  it('uses DATABASE_URL instead of the embedded server when given', () => {
    const config = loadConfig({ ...withDataDir(), DATABASE_URL: 'postgres://u:p@db.internal:5432/portal' });
    expect(config.database).toEqual({ kind: 'external', url: 'postgres://u:p@db.internal:5432/portal', preparedStatements: true });
  });

  it('turns named prepared statements off for a transaction-mode pooler with DATABASE_PREPARED_STATEMENTS=false', () => {
    const config = loadConfig({ ...withDataDir(), DATABASE_URL: 'postgres://u@pgbouncer:6432/portal', DATABASE_PREPARED_STATEMENTS: 'false' });
    expect(config.database).toMatchObject({ kind: 'external', preparedStatements: false });
    expect(() => loadConfig({ ...withDataDir(), DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/DATABASE_PREPARED_STATEMENTS: must be true or false/);
  });

  it('lists every malformed value in one clear message', () => {
    const attempt = () => loadConfig({ ...withDataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: PORT must be a port number/);
    expect(attempt).toThrow(/DATABASE_URL: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(attempt).toThrow(/SUPPORT_EMAIL: SUPPORT_EMAIL must be an e-mail address/);
  });

  it('reads the webhook settings: polling on by default, 0 turns it off, nonsense is refused', () => {
    expect(loadConfig(withDataDir()).webhooks).toEqual({ pollMs: 1000, timeoutMs: 10_000, concurrency: 10, allowPrivateUrls: true });
    expect(loadConfig({ ...withDataDir(), WEBHOOK_POLL_MS: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).webhooks).toMatchObject({
      pollMs: 0,
      allowPrivateUrls: false,
    });
    expect(() => loadConfig({ ...withDataDir(), WEBHOOK_POLL_MS: '5', WEBHOOK_TIMEOUT_MS: '120000', WEBHOOK_CONCURRENCY: '0' })).toThrow(
      /WEBHOOK_POLL_MS must be 0 \(off\) or between 100 and 3600000[\s\S]*WEBHOOK_TIMEOUT_MS must be between 1000 and 60000[\s\S]*WEBHOOK_CONCURRENCY must be between 1 and 100/,
    );
  });

  it('stores attachments in PostgreSQL by default, in an S3-compatible bucket with ATTACHMENT_STORE=s3', () => {
    expect(loadConfig(withDataDir()).attachmentStore).toEqual({ kind: 'postgres' });
    const s3 = {
      ...withDataDir(),
      ATTACHMENT_STORE: 's3',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'portal',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(s3).attachmentStore).toEqual({
      kind: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'portal-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'portal', secretAccessKey: 'secret-key' },
      forcePathStyle: true,
    });
    // Without keys: the AWS SDK's own chain (an instance role).
    expect(loadConfig({ ...withDataDir(), ATTACHMENT_STORE: 's3', S3_BUCKET: 'portal-files' }).attachmentStore).toMatchObject({ credentials: undefined });
    expect(() => loadConfig({ ...withDataDir(), ATTACHMENT_STORE: 's3' })).toThrow(/S3_BUCKET: S3_BUCKET is required with ATTACHMENT_STORE=s3/);
    expect(() => loadConfig({ ...withDataDir(), ATTACHMENT_STORE: 'disk' })).toThrow(/ATTACHMENT_STORE: ATTACHMENT_STORE must be postgres or s3/);
    const wrong = () => loadConfig({ ...s3, S3_BUCKET: 'Portal_Files', S3_ENDPOINT: 'minio:9000', S3_SECRET_ACCESS_KEY: '' });
    expect(wrong).toThrow(/S3_BUCKET: S3_BUCKET must be a bucket name/);
    expect(wrong).toThrow(/S3_ENDPOINT: S3_ENDPOINT must be a URL starting with https:\/\/ or http:\/\//);
    expect(wrong).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
  });

  it('refuses a short TOKEN_SECRET and a VAULT_KEY of the wrong size', () => {
    expect(() => loadConfig({ ...withDataDir(), TOKEN_SECRET: 'short', VAULT_KEY: 'c2hvcnQ=' })).toThrow(
      /TOKEN_SECRET must be at least 32 characters[\s\S]*VAULT_KEY must be 32 bytes/,
    );
  });

  it('generates secrets once into the data folder, private to the owner, and reuses them', () => {
    const env = withDataDir();
    const first = loadConfig(env);
    const file = join(env.PORTAL_DATA_DIR, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig(env);
    expect(second.secrets.tokenSecret).toBe(first.secrets.tokenSecret);
    expect(second.secrets.vaultKey.equals(first.secrets.vaultKey)).toBe(true);
    expect(first.secrets.vaultKey.length).toBe(32);
    expect(readFileSync(file, 'utf8')).toContain('tokenSecret');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...withDataDir(), PORT: '', DATABASE_URL: ' ' }).database.kind).toBe('embedded');
  });

  it('drains for 2 s and gives a shutdown 10 s by default; the drain must fit in the timeout', () => {
    expect(loadConfig(withDataDir()).shutdown).toEqual({ drainMs: 2_000, timeoutMs: 10_000 });
    expect(loadConfig({ ...withDataDir(), SHUTDOWN_DRAIN_SECONDS: '0.5', SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdown).toEqual({
      drainMs: 500,
      timeoutMs: 30_000,
    });
    expect(() => loadConfig({ ...withDataDir(), SHUTDOWN_DRAIN_SECONDS: '10' })).toThrow(
      /SHUTDOWN_DRAIN_SECONDS: SHUTDOWN_DRAIN_SECONDS must be shorter than SHUTDOWN_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ ...withDataDir(), SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds/);
    expect(() => loadConfig({ ...withDataDir(), SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be at least 1/);
  });
});
