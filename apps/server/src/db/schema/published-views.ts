import { SERVICE_ITEM_TYPES, UI_COLOR_MODES } from '@portal/contract';
import { boolean, integer, pgView, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The views a module publishes of its own tables for other modules to read in one statement with theirs
 * (decision 0042; created by migration 0016, so `.existing()`: drizzle-kit leaves them alone). Their columns
 * are what the owner lets others read; writes go through the owner's commands.
 */

/** The accounts module's accounts. */
export const accountDirectory = pgView('account_directory', {
  id: integer('id').notNull(),
  externalId: text('external_id'),
  name: text('name').notNull(),
  status: text('status').notNull(),
  suspendedReason: text('suspended_reason'),
  billingApiId: text('billing_api_id'),
}).existing();

/** The users module's contacts: who each is and what they may do, never their password. */
export const contactDirectory = pgView('contact_directory', {
  id: integer('id').notNull(),
  accountId: integer('account_id').notNull(),
  externalId: text('external_id'),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  email: text('email').notNull(),
  adminGroup: boolean('admin_group').notNull(),
  billingGroup: boolean('billing_group').notNull(),
  technicalGroup: boolean('technical_group').notNull(),
  timeZone: text('time_zone').notNull(),
  uiColorMode: text('ui_color_mode', { enum: UI_COLOR_MODES }).notNull(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
}).existing();

/** The services module's services, each with its product's name and its seats (purchased users). */
export const serviceDirectory = pgView('service_directory', {
  id: integer('id').notNull(),
  accountId: integer('account_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  itemType: text('item_type', { enum: SERVICE_ITEM_TYPES }).notNull(),
  seats: integer('seats').notNull(),
}).existing();
