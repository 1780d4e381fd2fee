import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { providerAccountScopedParams } from './entities.js';
import { providerIdentityProvider, providerIdentityProviderInput } from './identity-provider-entities.js';
import { PROVIDER_API_PREFIX } from './scopes.js';

/* An account's own OpenID Connect identity provider (decision 0051), set by the provider's systems with the accounts scope. */
const path = `${PROVIDER_API_PREFIX}/accounts/:account_external_id/identity-provider`;

export const providerPutIdentityProvider = defineEndpoint({
  method: 'PUT',
  path,
  summary: "Set the account's OpenID Connect identity provider (201 created, 200 updated); its domains are this account's only",
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:write',
  params: providerAccountScopedParams,
  body: providerIdentityProviderInput,
  result: z.object({ created: z.boolean(), item: providerIdentityProvider }),
});

export const providerGetIdentityProvider = defineEndpoint({
  method: 'GET',
  path,
  summary: "The account's identity provider, without its client secret (404 when none)",
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:read',
  params: providerAccountScopedParams,
  result: providerIdentityProvider,
});

export const providerDeleteIdentityProvider = defineEndpoint({
  method: 'DELETE',
  path,
  summary: "Remove the account's identity provider: its users sign in with their passwords again",
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:write',
  params: providerAccountScopedParams,
  result: z.null(),
});
