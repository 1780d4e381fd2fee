import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz } from './columns.js';

/**
 * A contact's passkeys (WebAuthn credentials, decision 0050): the credential id the authenticator chose (base64url, unique
 * across every contact: an assertion names its passkey by it), the COSE public key, and the signature counter a clone
 * would repeat. No secret is kept: the private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `multiDevice` (synced, e.g. by a password manager) or `singleDevice` (bound to one authenticator). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** What the person called it ("Work laptop"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_contact_id_idx').on(t.contactId)],
);

export const PASSKEY_CHALLENGE_PURPOSES = ['registration', 'sign_in', 'second_factor'] as const;

/**
 * A WebAuthn ceremony under way (decision 0050): the challenge the browser's authenticator must sign, kept here, not in
 * one instance's memory, behind an opaque single-use token (hash only) that the browser carries back with its answer.
 * A sign-in with a passkey alone has no contact yet.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique('passkey_challenges_token_hash_key'),
    purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('passkey_challenges_expires_at_idx').on(t.expiresAt), check('passkey_challenges_purpose_check', oneOf(t.purpose, PASSKEY_CHALLENGE_PURPOSES))],
);
