/**
 * Which folder owns each table and published view (decision 0042). Only the owner's repositories read or write a
 * table; another module asks the owner through its index.ts, or reads one of its published views where a read must
 * join in one statement. `test/table-ownership.test.ts` reads every source file against this map.
 */
export const TABLE_OWNERS = {
  accounts: 'modules/accounts',
  contacts: 'modules/users',
  licenses: 'modules/users',
  refresh_tokens: 'modules/auth',
  password_reset_tokens: 'modules/auth',
  one_time_tokens: 'modules/auth',
  totp_authenticators: 'modules/auth',
  recovery_codes: 'modules/auth',
  sign_in_policies: 'modules/auth',
  identity_providers: 'modules/identity-providers',
  identity_provider_domains: 'modules/identity-providers',
  identity_provider_sign_ins: 'modules/identity-providers',
  identity_provider_removed_users: 'modules/identity-providers',
  billing_accounts: 'modules/billing',
  statements: 'modules/billing',
  payments: 'modules/billing',
  orders: 'modules/billing',
  order_items: 'modules/billing',
  products: 'modules/services',
  services: 'modules/services',
  assets: 'modules/inventory',
  vendors: 'modules/inventory',
  credentials: 'modules/inventory',
  support_tools: 'modules/support-tools',
  tool_download_links: 'modules/support-tools',
  tool_downloads: 'modules/support-tools',
  tickets: 'modules/tickets',
  ticket_entries: 'modules/tickets',
  ticket_ratings: 'modules/tickets',
  ticket_attachments: 'modules/tickets',
  attachment_chunks: 'modules/tickets',
  webhook_endpoints: 'modules/webhooks',
  webhook_events: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  webhook_attempts: 'modules/webhooks',
  api_keys: 'modules/provider',
  audit_log: 'modules/audit',
  notifications: 'modules/notifications',
  notification_preferences: 'modules/notifications',
  notification_reminders: 'modules/notifications',
  // The platform's own tables, beside the code that keeps them.
  domain_events: 'events',
  mail_outbox: 'db',
  rate_limits: 'db',
  prerendered_pages: 'http',
} as const;

export const PUBLISHED_VIEWS = {
  account_directory: 'modules/accounts',
  contact_directory: 'modules/users',
  service_directory: 'modules/services',
} as const;
