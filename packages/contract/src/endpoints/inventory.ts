import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idParams } from '../entities/common.js';
import { asset, credential, credentialInput, vendor } from '../entities/inventory.js';

const tag = 'IT assets';

export const listAssets = defineEndpoint({
  method: 'GET',
  path: '/crm/assets',
  summary: 'The account’s IT assets (admins)',
  tag,
  access: 'admin',
  result: z.array(asset),
});

export const getAsset = defineEndpoint({
  method: 'GET',
  path: '/crm/assets/:id',
  summary: 'One IT asset (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: asset,
});

export const listVendors = defineEndpoint({
  method: 'GET',
  path: '/crm/vendors',
  summary: 'The account’s vendors (admins)',
  tag,
  access: 'admin',
  result: z.array(vendor),
});

export const listCredentials = defineEndpoint({
  method: 'GET',
  path: '/crm/credentials',
  summary: 'Stored credentials; a password hidden by an administrator is null (admins)',
  tag,
  access: 'admin',
  result: z.array(credential),
});

export const createCredential = defineEndpoint({
  method: 'POST',
  path: '/crm/credentials',
  summary: 'Store a credential; the password is encrypted at rest (admins)',
  tag,
  access: 'admin',
  body: credentialInput,
  result: credential,
});
