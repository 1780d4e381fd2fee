import { z } from 'zod';
import { timestamp } from './common.js';

/** One sign-in of the caller that is still live (a browser where they are signed in), newest activity first. */
export const signInSession = z.object({
  id: z.string(),
  /** The browser this request comes from. */
  current: z.boolean(),
  started_at: timestamp,
  /** When the browser last renewed its sign-in (about every quarter of an hour while the portal is open). */
  last_seen_at: timestamp,
  ip: z.string().nullable(),
  /** Browser and system, read from the user agent ("Chrome 142 on Windows 11"); null when it said nothing usable. */
  browser: z.string().nullable(),
  /** The provider's staff member who started it, signed in as the caller for support; null for the caller's own. */
  impersonated_by: z.string().nullable(),
});
export type SignInSession = z.infer<typeof signInSession>;

export const sessionParams = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

export const NEW_PASSWORD_MAX = 1024;
/** A signed-in password change: the current password, and a new one that meets the sign-up rules (checked by the server). */
export const passwordChangeInput = z.object({
  current_password: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(NEW_PASSWORD_MAX, 'Password must be at most 1024 characters'),
  new_password: z.string({ error: 'Enter a new password' }).min(1, 'Enter a new password').max(NEW_PASSWORD_MAX, 'Password must be at most 1024 characters'),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;
