import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { bearerToken } from '../../platform/tokens.js';
import type { AuthService } from './auth.service.js';
import { RESET_REQUESTED } from './auth.service.js';

export function authRoutes(auth: AuthService): EndpointRoute[] {
  return [
    route(endpoints.login, async ({ body, client }) => auth.login(body, client)),
    route(endpoints.refresh, async ({ client, request }) => auth.refresh(bearerToken(request.headers.authorization), client)),
    route(endpoints.logout, async ({ body, client, request }) => {
      await auth.logout({ refreshToken: body.refresh_token, accessToken: bearerToken(request.headers.authorization) }, client);
      return new Respond(null, 'You have been signed out.');
    }),
    route(endpoints.requestPasswordReset, async ({ query, client }) => {
      await auth.requestPasswordReset(query.username, client);
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.requestPasswordResetPost, async ({ body, client }) => {
      await auth.requestPasswordReset(body.email, client);
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.changePasswordWithResetToken, async ({ body, client, request }) => {
      await auth.changePasswordWithResetToken(bearerToken(request.headers.authorization), body.password, client);
      return new Respond(null, 'Your password has been changed. Please sign in with your new password.');
    }),
    route(endpoints.tokenLogin, async ({ body, client }) => auth.impersonationLogin(body.token, client)),
    route(endpoints.me, async ({ caller }) => auth.currentUser(caller)),
  ];
}
