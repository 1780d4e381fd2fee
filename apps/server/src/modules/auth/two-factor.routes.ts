import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { TwoFactorService } from './two-factor.js';

export function twoFactorRoutes(twoFactor: TwoFactorService): EndpointRoute[] {
  return [
    route(endpoints.getMyTwoFactor, async ({ caller }) => twoFactor.status(caller)),
    route(endpoints.startTotpEnrolment, async ({ caller }) => twoFactor.startEnrolment(caller)),
    route(endpoints.confirmTotpEnrolment, async ({ caller, body, client }) => {
      const codes = await twoFactor.confirmEnrolment(caller, body.code, client);
      return new Respond(codes, 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.');
    }),
    route(endpoints.disableTotp, async ({ caller, body, client }) => {
      await twoFactor.disable(caller, body, client);
      return new Respond(null, 'Two-step sign-in is off.');
    }),
    route(endpoints.renewRecoveryCodes, async ({ caller, body, client }) => {
      const codes = await twoFactor.renewRecoveryCodes(caller, body, client);
      return new Respond(codes, 'New recovery codes are ready. The old ones no longer work: keep these somewhere safe.');
    }),
    route(endpoints.resetContactTwoFactor, async ({ caller, params, client }) => {
      await twoFactor.resetForUser(caller, params.id, client);
      return new Respond(null, 'Two-step sign-in is off for this user. They have been told by e-mail.');
    }),
    route(endpoints.getSignInPolicy, async ({ caller }) => twoFactor.policy(caller)),
    route(endpoints.updateSignInPolicy, async ({ caller, body, client }) => twoFactor.setPolicy(caller, body.two_factor_required, client)),
  ];
}
