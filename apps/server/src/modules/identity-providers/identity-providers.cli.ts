import { parseArgs } from 'node:util';
import { providerIdentityProviderInput, type ProviderIdentityProvider } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { COMMAND_LINE, type EventOrigin } from '../../events/domain-event.js';
import { AppError } from '../../platform/app-error.js';
import { findAccountByExternalId } from '../accounts/index.js';
import type { IdentityProviderSettings } from './identity-provider-settings.js';

/** The provider's staff at the server's command line, as the audit log names them. */
const BY_COMMAND_LINE: EventOrigin = { actor: COMMAND_LINE };

export const IDENTITY_PROVIDER_USAGE = `  identity-provider set <account external id> --name "<shown name>" --issuer <URL> --client-id <id>
      --domains <domain,domain,…> [--allow-jit-users | --no-jit-users]
      Sets the account's OpenID Connect identity provider (decision 0051). The client secret is read from
      IDP_CLIENT_SECRET, or else from standard input (one line); it is never an argument, never printed.
      Left out on an update, the stored secret stays. Register the printed redirect URI with the IdP.
  identity-provider show <account external id>
  identity-provider remove <account external id>
`;

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** The client secret from the environment or standard input; undefined when neither gives one. */
  secret(): Promise<string | undefined>;
}

const describe = (item: ProviderIdentityProvider) =>
  [
    `${item.name}  issuer ${item.issuer}  client ${item.client_id}  (client secret set)`,
    `  domains: ${item.domains.join(', ')}  · just-in-time users: ${item.allow_jit_users ? 'allowed' : 'not allowed'}`,
    `  redirect URI: ${item.redirect_uri}`,
    `  sign-in link: ${item.sign_in_url}`,
  ].join('\n') + '\n';

/** `npm run portal -- identity-provider …`: reads the arguments, calls the settings' commands, prints the answer. */
export async function runIdentityProviderCommand(db: Executor, settings: IdentityProviderSettings, args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      domains: { type: 'string' },
      'allow-jit-users': { type: 'boolean' },
      'no-jit-users': { type: 'boolean' },
    },
  });
  const [action, externalId] = positionals;
  if (!externalId || !['set', 'show', 'remove'].includes(action ?? '')) {
    io.err(IDENTITY_PROVIDER_USAGE);
    return 2;
  }
  try {
    const account = await findAccountByExternalId(db, externalId);
    if (!account) throw new AppError('not_found', `No account has the external id ${externalId}`);
    if (action === 'show') io.out(describe(await settings.get(account.id)));
    if (action === 'remove') {
      await settings.remove(BY_COMMAND_LINE, account.id);
      io.out(`${account.name} signs in with passwords only now.\n`);
    }
    if (action === 'set') {
      const parsed = providerIdentityProviderInput.safeParse({
        name: values.name,
        issuer: values.issuer,
        client_id: values['client-id'],
        client_secret: await io.secret(),
        domains: (values.domains ?? '').split(',').filter(Boolean),
        allow_jit_users: values['allow-jit-users'] ? true : values['no-jit-users'] ? false : undefined,
      });
      if (!parsed.success) {
        // The issues name the fields only; a value (the secret) is never echoed.
        io.err(`${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n')}\n`);
        return 2;
      }
      const { created, item } = await settings.put(BY_COMMAND_LINE, account.id, parsed.data);
      io.out(`${created ? 'Set' : 'Updated'} the identity provider of ${account.name}:\n${describe(item)}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(`${error.message}\n`);
    return error.code === 'not_found' ? 1 : 2;
  }
}
