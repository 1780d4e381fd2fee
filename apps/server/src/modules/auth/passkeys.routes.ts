import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { PasskeySignInService } from './passkey-sign-in.service.js';
import type { PasskeysService } from './passkeys.service.js';

export function passkeysRoutes(passkeys: PasskeysService, signIn: PasskeySignInService): EndpointRoute[] {
  return [
    route(endpoints.listMyPasskeys, async ({ caller }) => passkeys.list(caller)),
    route(endpoints.startPasskeyRegistration, async ({ caller }) => passkeys.beginRegistration(caller)),
    route(endpoints.addPasskey, async ({ caller, body, client }) => new Respond(await passkeys.add(caller, body, client), 'The passkey was added.')),
    route(endpoints.renamePasskey, async ({ caller, params, body }) => passkeys.rename(caller, params.id, body.name)),
    route(endpoints.removePasskey, async ({ caller, params, client }) => {
      await passkeys.remove(caller, params.id, client);
      return new Respond(null, 'The passkey was removed.');
    }),
    route(endpoints.startPasskeySignIn, async () => signIn.begin()),
    route(endpoints.completePasskeySignIn, async ({ body, client }) => signIn.complete(body, client)),
    route(endpoints.startPasskeySecondFactor, async ({ body }) => signIn.beginSecondFactor(body.pending_token)),
    route(endpoints.completePasskeySecondFactor, async ({ body, client }) => signIn.completeSecondFactor(body, client)),
  ];
}
