import { defineEndpoint } from '../endpoint.js';
import { providerAccountScopedParams, providerListQuery, providerNestedParams, providerPage, providerUpserted } from './entities.js';
import {
  providerAsset,
  providerAssetInput,
  providerCredential,
  providerCredentialParams,
  providerCredentialPatch,
  providerVendor,
  providerVendorInput,
} from './inventory-entities.js';
import { PROVIDER_API_PREFIX } from './scopes.js';

/*
 * The IT Asset Manager through the provider API (decision 0025): assets and vendors pushed by the
 * provider's external id, and the credential hidden flag (inventory:read / inventory:write).
 * This module exports endpoints only (every export becomes one of providerEndpoints).
 */
const account = `${PROVIDER_API_PREFIX}/accounts/:account_external_id`;
const tag = 'IT assets';

export const providerPutAsset = defineEndpoint({
  method: 'PUT',
  path: `${account}/assets/:external_id`,
  summary: 'Create or update an asset of the account’s IT Asset Manager',
  tag,
  access: 'provider',
  scope: 'inventory:write',
  params: providerNestedParams,
  body: providerAssetInput,
  result: providerUpserted(providerAsset),
});

export const providerListAssets = defineEndpoint({
  method: 'GET',
  path: `${account}/assets`,
  summary: 'The account’s assets, paged by cursor',
  tag,
  access: 'provider',
  scope: 'inventory:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerAsset),
});

export const providerPutVendor = defineEndpoint({
  method: 'PUT',
  path: `${account}/vendors/:external_id`,
  summary: 'Create or update a vendor of the account’s IT Asset Manager',
  tag,
  access: 'provider',
  scope: 'inventory:write',
  params: providerNestedParams,
  body: providerVendorInput,
  result: providerUpserted(providerVendor),
});

export const providerListVendors = defineEndpoint({
  method: 'GET',
  path: `${account}/vendors`,
  summary: 'The account’s vendors, paged by cursor',
  tag,
  access: 'provider',
  scope: 'inventory:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerVendor),
});

export const providerUpdateCredential = defineEndpoint({
  method: 'PATCH',
  path: `${account}/credentials/:id`,
  summary: 'Hide a stored credential’s password from the customer, or show it again (by the credential’s portal id)',
  tag,
  access: 'provider',
  scope: 'inventory:write',
  params: providerCredentialParams,
  body: providerCredentialPatch,
  result: providerCredential,
});

export const providerListCredentials = defineEndpoint({
  method: 'GET',
  path: `${account}/credentials`,
  summary: 'The account’s stored credentials, without any secret (no username, password or notes), paged by cursor',
  tag,
  access: 'provider',
  scope: 'inventory:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerCredential),
});
