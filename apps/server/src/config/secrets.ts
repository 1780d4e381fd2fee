import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const storedSecrets = z.object({
  tokenSecret: z.string().min(32),
  vaultKey: z.string().refine((value) => Buffer.from(value, 'base64').length === 32),
});
export type Secrets = z.infer<typeof storedSecrets>;

/**
 * Secrets for a local run: generated once into the data folder (mode 0600) and reused, so
 * sessions and encrypted credentials survive a restart. Production passes them as variables.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = storedSecrets.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged; remove it to generate new secrets (stored credentials will become unreadable)`);
    return parsed.data;
  }
  const secrets: Secrets = {
    tokenSecret: randomBytes(48).toString('base64url'),
    vaultKey: randomBytes(32).toString('base64'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
