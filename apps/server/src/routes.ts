import type { Container } from './container.js';
import { createAccountSync } from './modules/accounts/index.js';
import type { FastifyRequest } from 'fastify';
import type { EndpointRoute } from './http/register-endpoints.js';
import type { Caller } from './modules/auth/index.js';
import type { LiveHub } from './modules/live/index.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBillingService, createBillingSync } from './modules/billing/index.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { createInventoryService, createInventorySync } from './modules/inventory/index.js';
import { supportToolsRoutes } from './modules/support-tools/support-tools.routes.js';
import { createSupportToolsService } from './modules/support-tools/support-tools.service.js';
import { accountSecurityRoutes } from './modules/auth/account-security.routes.js';
import { createAccountSecurityService } from './modules/auth/account-security.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createTwoFactorService } from './modules/auth/two-factor.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { createPasskeySignInService } from './modules/auth/passkey-sign-in.service.js';
import { createPasskeysService } from './modules/auth/passkeys.service.js';
import { passkeysRoutes } from './modules/auth/passkeys.routes.js';
import { createPasswordResetService } from './modules/auth/password-reset.service.js';
import { appsRoutes } from './modules/apps/apps.routes.js';
import { auditLogRoutes, createAuditLogService } from './modules/audit/index.js';
import { createAppsService } from './modules/apps/apps.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { createServiceSync } from './modules/services/index.js';
import { createServicesService } from './modules/services/services.service.js';
import { ticketRoutes } from './modules/tickets/tickets.routes.js';
import { createTicketService, createTicketSync } from './modules/tickets/index.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/index.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { contactPasswords, createContactSync, createUsersService } from './modules/users/index.js';
import { createProviderAccounts } from './modules/provider/provider-accounts.js';
import { createProviderBilling } from './modules/provider/provider-billing.js';
import { createProviderContacts } from './modules/provider/provider-contacts.js';
import { createProviderCredentials } from './modules/provider/provider-credentials.js';
import { createProviderInventory } from './modules/provider/provider-inventory.js';
import { createProviderOrders } from './modules/provider/provider-orders.js';
import { createProviderServices } from './modules/provider/provider-services.js';
import { createProviderTickets } from './modules/provider/provider-tickets.js';
import { createProviderWebhooks } from './modules/provider/provider-webhooks.js';
import { providerRoutes } from './modules/provider/provider.routes.js';
import { createIdentityProviderSettings, createIdentityProviderSignIn, identityProviderRoutes } from './modules/identity-providers/index.js';
import { createProviderIdentityProviders } from './modules/provider/provider-identity-providers.js';

/**
 * Every implemented API route, by capability. An endpoint of the contract that no module
 * implements yet answers 501.
 */
export interface LiveRouteDependencies {
  live: LiveHub;
  /** The request pipeline's authentication, run again by an open stream to end it with its session. */
  recheck: (request: FastifyRequest) => Promise<Caller | undefined>;
}

export function apiRoutes(container: Container, { live, recheck }: LiveRouteDependencies): EndpointRoute[] {
  const { database, config, paymentGateway, monitoringSystem, metrics, sessions, vault, webhooks, events, attachments } = container;
  const db = database.db;
  // The capabilities' commands for the provider's pushes (decision 0041), one of each.
  const billingSync = createBillingSync({ db, events });
  const inventorySync = createInventorySync({ db, events });
  // Ticket attachments' bytes: in PostgreSQL (docs/decisions/0047).
  return [
    ...authRoutes(sessions, createPasswordResetService({ db, events, config, metrics, passwords: contactPasswords })),
    ...servicesRoutes(createServicesService({ db })),
    ...appsRoutes(createAppsService({ db, config, events })),
    ...profileRoutes(createProfileService({ db, confirmPassword: sessions.confirmPassword, events })),
    ...dashboardRoutes(createDashboardService({ db, providerDomain: config.provider.emailDomain })),
    ...ticketRoutes(createTicketService({ db, providerDomain: config.provider.emailDomain, events, attachments }), attachments),
    ...usersRoutes(createUsersService({ db, events, config })),
    ...inventoryRoutes(createInventoryService({ db, vault, events })),
    ...billingRoutes(createBillingService({ db, gateway: paymentGateway, events, config })),
    ...notificationsRoutes(createNotificationsService({ db, unsubscribeLinks: container.unsubscribeLinks })),
    ...liveRoutes({ db, hub: live, heartbeatMs: config.live.heartbeatMs, recheck }),
    ...supportToolsRoutes(createSupportToolsService({ db, monitoring: monitoringSystem, config, events })),
    ...auditLogRoutes(createAuditLogService({ db, events })),
    ...accountSecurityRoutes(createAccountSecurityService({ db, events, passwords: contactPasswords, confirmPassword: sessions.confirmPassword })),
    ...twoFactorRoutes(
      createTwoFactorService({ db, vault, events, config, confirmPassword: sessions.confirmPassword, confirmTotpCode: sessions.confirmTotpCode }),
    ),
    ...passkeysRoutes(createPasskeysService({ db, events, config }), createPasskeySignInService({ db, config, events, metrics, sessions })),
    ...identityProviderRoutes(createIdentityProviderSignIn({ db, vault, events, config, sessions, logger: container.logger })),
    // The provider's back-office API (decision 0025), authenticated by API keys.
    ...providerRoutes({
      accounts: createProviderAccounts(createAccountSync({ db, events })),
      contacts: createProviderContacts(db, createContactSync({ db, events, config })),
      services: createProviderServices(db, createServiceSync({ db, events })),
      tickets: createProviderTickets(db, createTicketSync({ db, events })),
      attachments,
      billing: createProviderBilling(db, billingSync),
      orders: createProviderOrders(db, billingSync),
      inventory: createProviderInventory(db, inventorySync),
      credentials: createProviderCredentials(db, inventorySync),
      webhooks: createProviderWebhooks(db, webhooks, events),
      identityProviders: createProviderIdentityProviders(db, createIdentityProviderSettings({ db, vault, events, config })),
    }),
  ];
}
