import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { email, emptyResult } from '../entities/common.js';
import { singleLineText } from '../entities/text.js';
import { acceptedLoginResult, currentUser, loginResult, twoFactorChallenge } from '../entities/session.js';
import { MIN_PASSWORD_LENGTH } from '../constants.js';

const tag = 'Auth';

export const login = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login',
  summary: 'Sign in with username (e-mail) and password',
  tag,
  access: 'public',
  body: z.object({
    username: singleLineText('Username').trim().min(1, 'Username is required').max(254),
    password: z.string().min(1, 'Password is required').max(1024),
  }),
  /**
   * A session, as the spec describes it; or, for a contact who signs in with a second factor, a challenge (no
   * session) that `completeSecondFactor` (sign-in-steps.ts) answers (decision 0049).
   */
  result: z.union([loginResult, twoFactorChallenge]),
  accepts: z.union([twoFactorChallenge, acceptedLoginResult]),
});

export const refresh = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/refresh',
  summary: 'Exchange the refresh token (as bearer) for a new session; the refresh token rotates',
  tag,
  access: 'refresh',
  result: loginResult,
  accepts: acceptedLoginResult,
});

export const requestPasswordReset = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/reset-pw',
  summary: 'Send a password-reset link to the address, if it belongs to a contact',
  tag,
  access: 'public',
  query: z.object({ username: email }),
  result: emptyResult,
});

export const requestPasswordResetPost = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/reset-pw',
  summary: 'Alternate form of the reset request',
  tag,
  access: 'public',
  body: z.object({ email }),
  result: emptyResult,
});

export const changePasswordWithResetToken = defineEndpoint({
  method: 'PATCH',
  path: '/crm/myprofile',
  summary: 'Set a new password, with the reset token as bearer',
  tag,
  access: 'reset',
  body: z.object({
    password: z
      .string({ error: 'Password is required' })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
      .max(1024, 'Password must be at most 1024 characters'),
  }),
  result: emptyResult,
});

export const tokenLogin = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/token-login',
  summary: 'Exchange a single-use impersonation token from the portal URL for a session',
  tag,
  access: 'public',
  body: z.object({ token: z.string().min(1, 'Token is required').max(4096) }),
  result: loginResult,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/logout',
  summary: 'Sign out: revoke this session on the server',
  tag,
  access: 'public',
  body: z.object({ refresh_token: z.string().max(4096).optional() }),
  result: emptyResult,
});

export const me = defineEndpoint({
  method: 'GET',
  path: '/crm/auth/me',
  summary: 'The signed-in contact, with role flags as they are now',
  tag,
  access: 'user',
  result: currentUser,
});
