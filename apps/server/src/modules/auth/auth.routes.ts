import type { FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { bearerToken } from '../../platform/tokens.js';
import type { AuthService } from './auth.service.js';
import { RESET_REQUESTED } from './auth.service.js';
import type { ClientMeta } from './sessions.repository.js';

export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

export function authRoutes(auth: AuthService): EndpointRoute[] {
  return [
    route(endpoints.login, async ({ body, request }) => auth.login(body, clientMeta(request))),
    route(endpoints.refresh, async ({ request }) => auth.refresh(bearerToken(request.headers.authorization), clientMeta(request))),
    route(endpoints.logout, async ({ body, request }) => {
      await auth.logout({ refreshToken: body.refresh_token, accessToken: bearerToken(request.headers.authorization) }, clientMeta(request));
      return new Respond(null, 'You have been signed out.');
    }),
    route(endpoints.requestPasswordReset, async ({ query, request }) => {
      await auth.requestPasswordReset(query.username, clientMeta(request));
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.requestPasswordResetPost, async ({ body, request }) => {
      await auth.requestPasswordReset(body.email, clientMeta(request));
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.changePasswordWithResetToken, async ({ body, request }) => {
      await auth.changePasswordWithResetToken(bearerToken(request.headers.authorization), body.password, clientMeta(request));
      return new Respond(null, 'Your password has been changed. Please sign in with your new password.');
    }),
    route(endpoints.tokenLogin, async ({ body, request }) => auth.impersonationLogin(body.token, clientMeta(request))),
    route(endpoints.me, async ({ caller }) => auth.currentUser(caller)),
  ];
}
