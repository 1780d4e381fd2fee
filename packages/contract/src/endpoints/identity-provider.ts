import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { acceptedLoginResult, loginResult } from '../entities/session.js';
import {
  identityProviderCallbackQuery,
  identityProviderCompletion,
  identityProviderLookupQuery,
  identityProviderOption,
  identityProviderStartQuery,
} from '../entities/identity-provider.js';

/*
 * Sign-in with the account's own identity provider (OpenID Connect authorization code flow with PKCE, decision 0051).
 * A group of its own: the sign-in page builds the lookup's schemas only; the completion route is a lazy chunk.
 */
const tag = 'Auth';

export const findIdentityProvider = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/identity-provider',
  summary: "The identity provider of the account that serves an e-mail domain: the sign-in page's 'Sign in with <name>' (null when none)",
  tag,
  access: 'public',
  query: identityProviderLookupQuery,
  // Null, not 404, when none: the page asks for every domain typed, and a 404 is an error in the browser's console.
  result: identityProviderOption.nullable(),
});

export const startIdentityProviderSignIn = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/identity-provider/start',
  summary: "Redirects the browser to the identity provider of the domain's account (state, nonce and PKCE kept by the server)",
  tag,
  access: 'public',
  query: identityProviderStartQuery,
  result: z.null(),
  produces: ['text/html'],
});

export const finishIdentityProviderSignIn = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/identity-provider/callback',
  summary: "The identity provider's redirect URI: checks the answer and redirects to the web app with a one-time code, or to the sign-in page with why not",
  tag,
  access: 'public',
  query: identityProviderCallbackQuery,
  result: z.null(),
  produces: ['text/html'],
});

export const completeIdentityProviderSignIn = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/identity-provider/complete',
  summary: "Exchanges the callback's one-time code (one minute, once) for the sign-in's session",
  tag,
  access: 'public',
  body: identityProviderCompletion,
  result: loginResult,
  accepts: acceptedLoginResult,
});
