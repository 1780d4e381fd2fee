import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, timestamptz, updatedAt } from './columns.js';

/**
 * An account's own OpenID Connect provider (issue 37, decision 0051): one per account, configured by the provider's
 * staff. The client secret is sealed by the vault's key (platform/secret-box.ts) with the key's id beside it, never in
 * the clear; `allow_jit_users` lets the provider create a plain user for a verified e-mail of the account's domains.
 */
export const identityProviders = pgTable('identity_providers', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .unique('identity_providers_account_id_key')
    .references(() => accounts.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  clientSecretKeyId: text('client_secret_key_id').notNull(),
  allowJitUsers: boolean('allow_jit_users').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The e-mail domains an account's identity provider serves, lower case: the key makes a domain one account's only. */
export const identityProviderDomains = pgTable(
  'identity_provider_domains',
  {
    domain: text('domain').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityProviders.accountId, { onDelete: 'cascade' }),
  },
  (t) => [index('identity_provider_domains_account_id_idx').on(t.accountId)],
);

/**
 * A sign-in sent to the identity provider and not back yet: the state (its hash is the key), the nonce and the PKCE
 * verifier, in the database so whichever instance gets the callback can finish it; a few minutes, used once.
 */
export const identityProviderSignIns = pgTable(
  'identity_provider_sign_ins',
  {
    stateHash: text('state_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [primaryKey({ name: 'identity_provider_sign_ins_pkey', columns: [t.stateHash] }), index('identity_provider_sign_ins_expires_at_idx').on(t.expiresAt)],
);

/**
 * The e-mail addresses of contacts deleted in the portal, per account: a just-in-time sign-in through the identity
 * provider never brings one of them back (issue 37). Written by the event consumer of `contact.deleted`.
 */
export const identityProviderRemovedUsers = pgTable(
  'identity_provider_removed_users',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    removedAt: timestamptz('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'identity_provider_removed_users_pkey', columns: [t.accountId, t.email] })],
);
