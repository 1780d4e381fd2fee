import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { IdentityProviderSignIn } from './identity-provider-sign-in.js';

/** The query string as the browser sent it: openid-client reads the callback's parameters (code, state, iss) from it. */
const rawQueryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

export function identityProviderRoutes(signIn: IdentityProviderSignIn): EndpointRoute[] {
  return [
    route(endpoints.findIdentityProvider, async ({ query }) => signIn.lookup(query.domain)),
    route(endpoints.startIdentityProviderSignIn, async ({ query, client, reply }) =>
      reply.header('cache-control', 'no-store').redirect(await signIn.start(query.domain, query.login_hint, client), 302),
    ),
    route(endpoints.finishIdentityProviderSignIn, async ({ query, client, request, reply }) =>
      reply.header('cache-control', 'no-store').redirect(await signIn.callback(query, rawQueryOf(request.url), client), 302),
    ),
    route(endpoints.completeIdentityProviderSignIn, async ({ body, client }) => signIn.complete(body.code, client)),
  ];
}
