import type { ProviderScope } from '@portal/contract';
import type { Database } from '../src/db/client.js';
import { createApiKey } from '../src/modules/provider/api-keys.js';
import { revokeApiKey } from '../src/modules/provider/api-keys.repository.js';

/** A provider API key made the way the CLI makes one; revoked or expired when asked. */
export async function createTestApiKey(
  db: Database,
  scopes: ProviderScope[],
  options: { name?: string; revoked?: boolean; expired?: boolean } = {},
): Promise<string> {
  const { key, row } = await createApiKey(db, {
    // A key's name is at most 200 characters; a list of every scope is longer.
    name: options.name ?? `Test key ${scopes.join(' ')}`.slice(0, 200),
    scopes,
    expiresAt: options.expired ? new Date(Date.now() - 60_000) : null,
  });
  if (options.revoked) await revokeApiKey(db, { id: row.id });
  return key;
}

export const keyHeader = (key: string) => ({ authorization: `Bearer ${key}` });
