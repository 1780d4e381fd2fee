import type { RouteDependencies } from './app.js';
import type { EndpointRoute } from './http/register-endpoints.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { appsRoutes } from './modules/apps/apps.routes.js';
import { createAppsService } from './modules/apps/apps.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { createServicesService } from './modules/services/services.service.js';
import { ticketRoutes } from './modules/tickets/tickets.routes.js';
import { createTicketService } from './modules/tickets/tickets.service.js';

/**
 * Every implemented API route, by capability. An endpoint of the contract that no module
 * implements yet answers 501.
 */
export function apiRoutes(deps: RouteDependencies): EndpointRoute[] {
  const { database, tokens, mailer, config, logger } = deps;
  const auth = createAuthService({ db: database.db, tokens, mailer, config, log: logger });
  const db = database.db;
  return [
    ...authRoutes(auth),
    ...servicesRoutes(createServicesService({ db })),
    ...appsRoutes(createAppsService({ db, config })),
    ...profileRoutes(createProfileService({ db, confirmPassword: auth.confirmPassword, mailer, config, log: logger })),
    ...dashboardRoutes(createDashboardService({ db })),
    ...ticketRoutes(createTicketService({ db })),
  ];
}
