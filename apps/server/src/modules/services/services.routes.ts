import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { ServicesService } from './services.service.js';

export function servicesRoutes(services: ServicesService): EndpointRoute[] {
  return [route(endpoints.listServices, async ({ caller }) => services.list(caller)), route(endpoints.listTimezones, async () => services.timezones())];
}
