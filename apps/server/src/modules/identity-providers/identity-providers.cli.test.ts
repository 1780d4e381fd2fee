import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount } from '../../../test/factories.js';
import { identityProviders } from '../../db/schema/index.js';
import { createVaultKeyRing } from '../../platform/secret-box.js';
import { createIdentityProviderSettings, resealClientSecrets } from './identity-provider-settings.js';
import { runIdentityProviderCommand } from './identity-providers.cli.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const SECRET = 'cli-client-secret-never-printed';

describe('npm run portal -- identity-provider', () => {
  it('sets an account’s identity provider with the secret from its input, never printing it, and shows and removes it', async () => {
    const db = test.database.db;
    const account = await createAccount(db, { externalId: `cli-idp-${Date.now()}` });
    const oldKey = randomBytes(32);
    const settings = createIdentityProviderSettings({ db, vault: createVaultKeyRing(oldKey), events: test.container.events, config: test.config });
    const printed: string[] = [];
    const io = { out: (text: string) => printed.push(text), err: (text: string) => printed.push(text), secret: async () => SECRET };
    const args = [
      'set',
      account.externalId!,
      '--name',
      'Cli Entra',
      '--issuer',
      'https://login.cli.example/v2.0',
      '--client-id',
      'portal',
      '--domains',
      'Cli-Idp.example',
    ];
    expect(await runIdentityProviderCommand(db, settings, args, io)).toBe(0);
    expect(await runIdentityProviderCommand(db, settings, ['show', account.externalId!], io)).toBe(0);
    expect(printed.join('')).toContain('domains: cli-idp.example');
    expect(printed.join('')).toContain('(client secret set)');
    expect(printed.join('')).not.toContain(SECRET);

    // vault-rekey: sealed again under the new key, and still the same secret.
    const newRing = createVaultKeyRing(randomBytes(32), [oldKey]);
    expect(await resealClientSecrets(db, newRing)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(identityProviders).where(eq(identityProviders.accountId, account.id));
    expect(row!.clientSecretKeyId).toBe(newRing.current.id);
    expect(newRing.open(row!.clientSecretSealed, row!.clientSecretKeyId)).toBe(SECRET);
    expect(row!.clientSecretSealed).not.toContain(SECRET);

    expect(await runIdentityProviderCommand(db, settings, ['remove', account.externalId!], io)).toBe(0);
    expect(await runIdentityProviderCommand(db, settings, ['show', account.externalId!], io)).toBe(1);
    expect(await runIdentityProviderCommand(db, settings, ['set', 'no-such-account'], io)).toBe(1);
  });
});
