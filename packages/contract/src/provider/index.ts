import * as providerEndpointDefinitions from './endpoints.js';
import * as providerWebhookEndpointDefinitions from './webhook-endpoints.js';

export * from './scopes.js';
export * from './entities.js';

/** Every endpoint of the provider API, by name: registered by the server, documented at /api/provider/docs, called by the provider client. */
export const providerEndpoints = { ...providerEndpointDefinitions, ...providerWebhookEndpointDefinitions };
export type ProviderEndpointName = keyof typeof providerEndpoints;
