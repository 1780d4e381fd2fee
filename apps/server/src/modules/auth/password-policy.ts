import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@portal/contract';

/** ~49,000 passwords seen most often in breaches (zxcvbn-ts's ranked list), lower-cased. */
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/** Why a new password is refused, or undefined when it is acceptable (NIST SP 800-63B style: length and a blocklist, no composition rules). */
export function passwordProblem(password: string, context: { email?: string } = {}): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'This password is too common and easy to guess. Please choose another.';
  if (context.email && lowered === context.email.toLowerCase()) return 'Your password cannot be your e-mail address.';
  return undefined;
}
