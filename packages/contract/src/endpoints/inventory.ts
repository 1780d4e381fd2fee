import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParams } from '../entities/common.js';
import {
  acceptedAsset,
  acceptedCredential,
  acceptedVendor,
  asset,
  assetsQuery,
  credential,
  credentialChanges,
  credentialInput,
  credentialsQuery,
  inventoryStats,
  revealedPassword,
  revealInput,
  vendor,
} from '../entities/inventory.js';

const tag = 'IT assets';

export const listAssets = defineEndpoint({
  method: 'GET',
  path: '/crm/assets',
  summary: 'The account’s IT assets, newest first; search, limit and offset are optional (admins and technical contacts)',
  tag,
  access: 'technical',
  query: assetsQuery,
  result: z.array(asset),
  accepts: z.array(acceptedAsset),
});

export const getAsset = defineEndpoint({
  method: 'GET',
  path: '/crm/assets/:id',
  summary: 'One IT asset (admins and technical contacts)',
  tag,
  access: 'technical',
  params: idParams,
  result: asset,
  accepts: acceptedAsset,
});

export const listVendors = defineEndpoint({
  method: 'GET',
  path: '/crm/vendors',
  summary: 'The account’s vendors (admins and technical contacts)',
  tag,
  access: 'technical',
  result: z.array(vendor),
  accepts: z.array(acceptedVendor),
});

export const listCredentials = defineEndpoint({
  method: 'GET',
  path: '/crm/credentials',
  summary: 'Stored credentials, searched by title, username, url and notes; passwords are read by reveal, a hidden one is null (admins)',
  tag,
  access: 'admin',
  query: credentialsQuery,
  result: z.array(credential),
  accepts: z.array(acceptedCredential),
});

export const createCredential = defineEndpoint({
  method: 'POST',
  path: '/crm/credentials',
  summary: 'Store a credential; the password is encrypted at rest (admins)',
  tag,
  access: 'admin',
  body: credentialInput,
  result: credential,
  accepts: acceptedCredential,
});

export const assetStats = defineEndpoint({
  method: 'GET',
  path: '/crm/assets/stats',
  summary: 'The Overview’s counters and how many assets match a search (admins and technical contacts)',
  tag,
  access: 'technical',
  query: assetsQuery.pick({ search: true }),
  result: inventoryStats,
});

export const updateCredential = defineEndpoint({
  method: 'PATCH',
  path: '/crm/credentials/:id',
  summary: 'Change a credential; a password hidden by an administrator cannot be changed (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: credentialChanges,
  result: credential,
});

export const deleteCredential = defineEndpoint({
  method: 'DELETE',
  path: '/crm/credentials/:id',
  summary: 'Delete a credential (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: emptyResult,
});

export const revealCredentialPassword = defineEndpoint({
  method: 'POST',
  path: '/crm/credentials/:id/reveal',
  summary: 'Read one password to show or copy it; every reveal is recorded in the audit log (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: revealInput,
  result: revealedPassword,
});
