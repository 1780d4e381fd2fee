import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { AppsService } from './apps.service.js';

export function appsRoutes(apps: AppsService): EndpointRoute[] {
  return [
    route(endpoints.listApps, async ({ caller }) => apps.list(caller)),
    route(endpoints.launchApp, async ({ caller, params }) => apps.launch(caller, params.appId)),
    route(endpoints.redeemAppLaunch, async ({ params, body }) => apps.redeem(params.appId, body.token)),
  ];
}
