import { hash, verify, Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1): about 10 ms a hash here,
 * slow enough to make offline guessing expensive, fast enough for sign-in under load.
 */
const ARGON2_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false; // a malformed stored hash is a failed check, not a crash
  }
}
