import type { AppDependencies } from './app.js';
import type { EndpointRoute } from './http/register-endpoints.js';

/**
 * Every implemented API route, by capability. An endpoint of the contract that no module
 * implements yet answers 501.
 */
export function apiRoutes(_deps: AppDependencies): EndpointRoute[] {
  return [];
}
