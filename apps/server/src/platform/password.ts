import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read as a value. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1): about 10 ms a hash here,
 * slow enough to make offline guessing expensive, fast enough for sign-in under load.
 */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
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
