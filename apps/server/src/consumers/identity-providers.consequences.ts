import type { IdentityProviderEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What the provider's staff setting an account's identity provider causes (decision 0051): its audit entries. */
export const identityProviderConsequences: ConsequenceTable<IdentityProviderEventType> = {
  'identity_provider.set': {
    audit: ({ data: { created, ...settings } }) => ({
      action: created ? 'provider.identity_provider_added' : 'provider.identity_provider_changed',
      details: settings,
    }),
  },
  'identity_provider.removed': {
    audit: ({ data }) => ({ action: 'provider.identity_provider_removed', details: data }),
  },
};
