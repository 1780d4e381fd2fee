import { defineEndpoint } from '../endpoint.js';
import { dashboardSummary } from '../entities/dashboard.js';

export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/portal/dashboard',
  summary: 'The signed-in contact’s dashboard: open tickets, services, monthly cost, balance (billing group), ticket trend and recent activity',
  tag: 'Dashboard',
  access: 'user',
  result: dashboardSummary,
});
