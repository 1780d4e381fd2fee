import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import { bearerToken } from '../../platform/tokens.js';
import { RESET_REQUESTED } from './auth.messages.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { SessionsService } from './sessions.service.js';

export function authRoutes(sessions: SessionsService, reset: PasswordResetService): EndpointRoute[] {
  return [
    route(endpoints.login, async ({ body, client }) => sessions.login(body, client)),
    route(endpoints.completeSecondFactor, async ({ body, client }) => sessions.completeSecondFactor(body, client)),
    route(endpoints.startSignInEnrolment, async ({ body }) => sessions.startSignInEnrolment(body.pending_token)),
    route(endpoints.confirmSignInEnrolment, async ({ body, client }) => sessions.confirmSignInEnrolment(body.pending_token, body.code, client)),
    route(endpoints.refresh, async ({ client, request }) => sessions.refresh(bearerToken(request.headers.authorization), client)),
    route(endpoints.logout, async ({ body, client, request }) => {
      await sessions.logout({ refreshToken: body.refresh_token, accessToken: bearerToken(request.headers.authorization) }, client);
      return new Respond(null, 'You have been signed out.');
    }),
    route(endpoints.requestPasswordReset, async ({ query, client }) => {
      await reset.requestPasswordReset(query.username, client);
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.requestPasswordResetPost, async ({ body, client }) => {
      await reset.requestPasswordReset(body.email, client);
      return new Respond(null, RESET_REQUESTED);
    }),
    route(endpoints.changePasswordWithResetToken, async ({ body, client, request }) => {
      await reset.changePasswordWithResetToken(bearerToken(request.headers.authorization), body.password, client);
      return new Respond(null, 'Your password has been changed. Please sign in with your new password.');
    }),
    route(endpoints.tokenLogin, async ({ body, client }) => sessions.impersonationLogin(body.token, client)),
    route(endpoints.me, async ({ caller }) => sessions.currentUser(caller)),
  ];
}
