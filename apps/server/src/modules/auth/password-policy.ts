import { MIN_PASSWORD_LENGTH } from '@portal/contract';

/**
 * ~49,000 passwords seen most often in breaches (zxcvbn-ts's ranked list), lower-cased. Loaded by
 * the first password chosen, not at start-up: the list is about 5 MB in memory (docs/decisions/0021).
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase())),
  );
  return commonPasswords;
}

/** Why a new password is refused, or undefined when it is acceptable (NIST SP 800-63B style: length and a blocklist, no composition rules). */
export async function passwordProblem(password: string, context: { email?: string } = {}): Promise<string | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  const lowered = password.toLowerCase();
  if ((await loadCommonPasswords()).has(lowered)) return 'This password is too common and easy to guess. Please choose another.';
  if (context.email && lowered === context.email.toLowerCase()) return 'Your password cannot be your e-mail address.';
  return undefined;
}
