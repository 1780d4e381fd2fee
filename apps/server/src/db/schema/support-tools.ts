import { OS_TYPES, SUPPORT_TOOL_TYPES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { accountOwnedKeys, accounts, contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz } from './columns.js';

export type OsType = (typeof OS_TYPES)[number];

/** The provider's catalogue of downloadable support tools, shared by all accounts. */
export const supportTools = pgTable(
  'support_tools',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('support_tools_name_key'),
    description: text('description').notNull(),
    type: text('type', { enum: SUPPORT_TOOL_TYPES }).notNull(),
    platforms: text('platforms')
      .array()
      .$type<OsType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Built per customer (the RMM agent carries the account's monitoring configuration). */
    requiresCustomBuild: boolean('requires_custom_build').notNull().default(false),
    oneTimeUse: boolean('one_time_use').notNull().default(false),
    /** Display text such as '48.2 MB'. */
    fileSize: text('file_size').notNull(),
    documentationUrl: text('documentation_url'),
  },
  (t) => [
    check('support_tools_type_check', oneOf(t.type, SUPPORT_TOOL_TYPES)),
    check('support_tools_platforms_check', sql`${t.platforms} <@ ARRAY[${sql.raw(OS_TYPES.map((os) => `'${os}'`).join(', '))}]::text[]`),
  ],
);

/** A time-limited download link; only the hash of its token is stored. */
export const toolDownloadLinks = pgTable(
  'tool_download_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('tool_download_links_token_hash_key'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => supportTools.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('tool_download_links_account_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    index('tool_download_links_contact_id_idx').on(t.contactId),
    foreignKey({ name: 'tool_download_links_contact_fk', columns: [t.accountId, t.contactId], foreignColumns: [contacts.accountId, contacts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Download history. The contact is kept nullable (ON DELETE SET NULL) so the account's history
 * survives the removal of the user who downloaded.
 */
export const toolDownloads = pgTable(
  'tool_downloads',
  {
    ...accountOwnedKeys(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => supportTools.id, { onDelete: 'cascade' }),
    /** The link's token, or 'direct-download'. */
    downloadToken: text('download_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tool_downloads_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    index('tool_downloads_contact_id_idx').on(t.contactId),
  ],
);
