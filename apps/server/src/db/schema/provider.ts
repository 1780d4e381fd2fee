import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';

/**
 * The provider's API keys (docs/decisions/0025). A key is `ppk_<prefix>_<secret>`: the
 * prefix finds the row, and only the SHA-256 of the 32-byte random secret is stored. Scopes are
 * `<resource>:read|write` (contract: PROVIDER_SCOPES).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique('api_keys_prefix_key'),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    lastUsedAt: timestamptz('last_used_at'),
    /** Who of the provider's staff created it (the CLI's system user). */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [check('api_keys_name_check', sql`length(${t.name}) BETWEEN 1 AND 200`)],
);
