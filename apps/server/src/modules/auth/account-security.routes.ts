import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { AccountSecurityService } from './account-security.service.js';

export function accountSecurityRoutes(security: AccountSecurityService): EndpointRoute[] {
  return [
    route(endpoints.listMySessions, async ({ caller }) => security.sessions(caller)),
    route(endpoints.endMySession, async ({ caller, params, client }) => {
      await security.endSession(caller, params.id, client);
      return new Respond(null, 'That browser is signed out.');
    }),
    route(endpoints.endMyOtherSessions, async ({ caller, client }) => security.endOtherSessions(caller, client)),
    route(endpoints.changeMyPassword, async ({ caller, body, client }) => {
      await security.changePassword(caller, body, client);
      return new Respond(null, 'Your password has been changed. Your other browsers are signed out.');
    }),
  ];
}
