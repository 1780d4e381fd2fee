import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { accounts, contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz } from './columns.js';

/**
 * Refresh tokens, rotated on every use. A family is one sign-in; reuse of a rotated token revokes
 * the whole family. Only hashes of tokens are stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Absolute end of the family, however often it is rotated. */
    familyExpiresAt: timestamptz('family_expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Who of the provider's staff started this session by impersonation, if anyone. */
    impersonatedBy: text('impersonated_by'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_contact_id_idx').on(t.contactId),
    index('refresh_tokens_family_expires_at_idx').on(t.familyExpiresAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    ip: text('ip'),
  },
  (t) => [index('password_reset_tokens_contact_id_idx').on(t.contactId, t.createdAt.desc().nullsFirst())],
);

export const ONE_TIME_TOKEN_PURPOSES = ['impersonation', 'app_launch', 'second_factor', 'identity_provider'] as const;

/**
 * Short-lived single-use tokens: impersonation logins, tokens carried to launched apps, sign-ins waiting for their second
 * factor, and sign-ins proven by the account's identity provider that the web app takes up (decision 0051).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique('one_time_tokens_token_hash_key'),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Who issued it (e.g. the provider staff member for an impersonation). */
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('one_time_tokens_contact_id_idx').on(t.contactId),
    index('one_time_tokens_expires_at_idx').on(t.expiresAt),
    check('one_time_tokens_purpose_check', oneOf(t.purpose, ONE_TIME_TOKEN_PURPOSES)),
  ],
);

/**
 * A contact's TOTP authenticator (decision 0049): the secret sealed by the vault's key (platform/secret-box.ts),
 * never in the clear. Unconfirmed until the first code from the app; `last_used_step` is the 30-second step of the
 * last code accepted, so a code cannot be used twice (replay).
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  secretKeyId: text('secret_key_id').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamptz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes of a contact with a second factor: only the SHA-256 of each (80 random bits) is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('recovery_codes_contact_id_idx').on(t.contactId, t.codeHash)],
);

/**
 * An account's sign-in rules, set by its administrators (decision 0049): whether every user must sign in with a second
 * factor. No row: the portal's default (not required).
 */
export const signInPolicies = pgTable('sign_in_policies', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
