import type { RouteDependencies } from './app.js';
import type { EndpointRoute } from './http/register-endpoints.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';

/**
 * Every implemented API route, by capability. An endpoint of the contract that no module
 * implements yet answers 501.
 */
export function apiRoutes(deps: RouteDependencies): EndpointRoute[] {
  const { database, tokens, mailer, config, logger } = deps;
  const auth = createAuthService({ db: database.db, tokens, mailer, config, log: logger });
  return [...authRoutes(auth)];
}
