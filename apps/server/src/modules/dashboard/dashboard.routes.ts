import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { DashboardService } from './dashboard.service.js';

export function dashboardRoutes(dashboard: DashboardService): EndpointRoute[] {
  return [route(endpoints.getDashboard, async ({ caller }) => dashboard.summary(caller))];
}
