import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParams } from '../entities/common.js';
import { createdWebhookEndpoint, webhookDelivery, webhookEndpoint, webhookEndpointInput } from '../entities/webhooks.js';
import { providerWebhookDeliveryQuery, providerWebhookEndpointPatch } from './entities.js';
import { PROVIDER_API_PREFIX } from './scopes.js';

/*
 * The provider's webhook receivers and their deliveries through the provider API (decision 0026,
 * docs/webhooks.md): the same operations as `npm run portal -- webhook …`, for a key holding
 * webhooks:read (GETs) or webhooks:write (changes). This module exports endpoints only.
 */
const base = PROVIDER_API_PREFIX;
const tag = 'Webhooks';
export const providerCreateWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: `${base}/webhook-endpoints`,
  summary: 'Register a webhook receiver for some event types; the answer carries its signing secret, shown this once',
  tag,
  access: 'provider',
  scope: 'webhooks:write',
  body: webhookEndpointInput,
  result: createdWebhookEndpoint,
});

export const providerListWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: `${base}/webhook-endpoints`,
  summary: 'The registered webhook receivers (never their secrets)',
  tag,
  access: 'provider',
  scope: 'webhooks:read',
  result: z.object({ items: z.array(webhookEndpoint) }),
});

export const providerGetWebhookEndpoint = defineEndpoint({
  method: 'GET',
  path: `${base}/webhook-endpoints/:id`,
  summary: 'One webhook receiver',
  tag,
  access: 'provider',
  scope: 'webhooks:read',
  params: idParams,
  result: webhookEndpoint,
});

export const providerUpdateWebhookEndpoint = defineEndpoint({
  method: 'PATCH',
  path: `${base}/webhook-endpoints/:id`,
  summary: 'Enable or disable a webhook receiver (a disabled one gets no new deliveries; what waits is held)',
  tag,
  access: 'provider',
  scope: 'webhooks:write',
  params: idParams,
  body: providerWebhookEndpointPatch,
  result: webhookEndpoint,
});

export const providerDeleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: `${base}/webhook-endpoints/:id`,
  summary: 'Remove a webhook receiver and its deliveries',
  tag,
  access: 'provider',
  scope: 'webhooks:write',
  params: idParams,
  result: emptyResult,
});

export const providerListWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: `${base}/webhook-deliveries`,
  summary: 'Webhook deliveries, newest first, with their attempts; filter by endpoint and status',
  tag,
  access: 'provider',
  scope: 'webhooks:read',
  query: providerWebhookDeliveryQuery,
  result: z.object({ items: z.array(webhookDelivery) }),
});

export const providerRetryWebhookDelivery = defineEndpoint({
  method: 'POST',
  path: `${base}/webhook-deliveries/:id/retry`,
  summary: 'Make a delivery due now, whatever its status; the worker sends it at its next poll',
  tag,
  access: 'provider',
  scope: 'webhooks:write',
  params: idParams,
  result: webhookDelivery,
});
