/**
 * The database schema: every table, its relations and the closed value lists the tables check.
 * Used as `drizzle(pool, { schema })` and by drizzle-kit (drizzle.config.ts) to generate migrations.
 */
export * from './accounts.js';
export * from './services.js';
export * from './billing.js';
export * from './support-tools.js';
export * from './inventory.js';
export * from './tickets.js';
export * from './attachments.js';
export * from './auth.js';
export * from './passkeys.js';
export * from './platform.js';
export * from './webhooks.js';
export * from './relations.js';
export * from './provider.js';
export * from './prerendered-pages.js';
export * from './notifications.js';
export * from './published-views.js';
export * from './identity-providers.js';
