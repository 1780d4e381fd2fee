import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult } from '../entities/common.js';
import { passwordChangeInput, sessionParams, signInSession } from '../entities/security.js';

/** Profile → Security: the caller's own sign-ins and password (beyond the spec: issue 37). */
const tag = 'Security';

export const listMySessions = defineEndpoint({
  method: 'GET',
  path: '/portal/sessions',
  summary: 'Where the caller is signed in: each live sign-in, the current one marked',
  tag,
  access: 'user',
  result: z.array(signInSession),
});

export const endMySession = defineEndpoint({
  method: 'DELETE',
  path: '/portal/sessions/:id',
  summary: 'Sign out one of the caller’s sign-ins (another browser); its tokens stop working at once',
  tag,
  access: 'user',
  params: sessionParams,
  result: emptyResult,
});

export const endMyOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/portal/sessions/sign-out-others',
  summary: 'Sign out every sign-in of the caller but the current one',
  tag,
  access: 'user',
  result: z.object({ signed_out: z.number().int() }),
});

export const changeMyPassword = defineEndpoint({
  method: 'POST',
  path: '/portal/password',
  summary: 'Change the caller’s password (the current one, and a new one by the sign-up rules); other sign-ins end',
  tag,
  access: 'user',
  body: passwordChangeInput,
  result: emptyResult,
});
