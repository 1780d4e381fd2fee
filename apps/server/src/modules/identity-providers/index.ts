/**
 * Sign-in with the account's own identity provider (OpenID Connect, issue 37, decision 0051): the settings the provider's
 * staff write (provider API, CLI), the flow the sign-in page starts, and what a deleted contact leaves behind. The
 * identity_providers, identity_provider_domains, identity_provider_sign_ins and identity_provider_removed_users tables
 * are this module's.
 */
export { createIdentityProviderSettings, resealClientSecrets, type IdentityProviderSettings } from './identity-provider-settings.js';
export { createIdentityProviderSignIn, type IdentityProviderSignIn } from './identity-provider-sign-in.js';
export { identityProviderRoutes } from './identity-providers.routes.js';
export { rememberRemovedUser, sweepPendingSignIns } from './identity-providers.repository.js';
