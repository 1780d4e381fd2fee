import { z } from 'zod';

/**
 * An account's identity provider as the provider's staff set it (decision 0051), through the provider API or the
 * command line: who may sign in for the account, so each change is in the account's audit log. Never the client
 * secret: only whether a new one came.
 */
export const identityProviderEventData = {
  /** Added, or changed in any of its settings (a PUT that changes nothing records nothing). */
  'identity_provider.set': z.object({
    created: z.boolean(),
    name: z.string(),
    issuer: z.string(),
    client_id: z.string(),
    domains: z.array(z.string()),
    allow_jit_users: z.boolean(),
    client_secret_changed: z.boolean(),
  }),
  /** Removed: the account's people sign in with passwords (and passkeys) only. */
  'identity_provider.removed': z.object({ name: z.string(), issuer: z.string(), domains: z.array(z.string()) }),
} satisfies Record<string, z.ZodObject>;
export type IdentityProviderEventType = keyof typeof identityProviderEventData;
