import * as providerEndpointDefinitions from './endpoints.js';
import * as providerIdentityProviderEndpointDefinitions from './identity-provider-endpoints.js';
import * as providerInventoryEndpointDefinitions from './inventory-endpoints.js';
import * as providerWebhookEndpointDefinitions from './webhook-endpoints.js';

export * from './scopes.js';
export * from './entities.js';
export * from './order-entities.js';
export * from './inventory-entities.js';
export * from './identity-provider-entities.js';

/** Every endpoint of the provider API, by name: registered by the server, documented at /api/provider/docs, called by the provider client. */
export const providerEndpoints = {
  ...providerEndpointDefinitions,
  ...providerInventoryEndpointDefinitions,
  ...providerWebhookEndpointDefinitions,
  ...providerIdentityProviderEndpointDefinitions,
};
export type ProviderEndpointName = keyof typeof providerEndpoints;
