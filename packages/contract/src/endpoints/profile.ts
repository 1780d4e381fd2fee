import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParam, idParams } from '../entities/common.js';
import { contact, contactInput, license, myProfileInput } from '../entities/contact.js';

export const updateMyProfile = defineEndpoint({
  method: 'PATCH',
  path: '/portal/my-profile',
  summary: 'Update the signed-in contact’s name, e-mail (= username) and time zone',
  tag: 'Profile',
  access: 'user',
  body: myProfileInput,
  result: contact,
});

const tag = 'Users';

export const listContacts = defineEndpoint({
  method: 'GET',
  path: '/crm/contacts',
  summary: 'The account’s contacts (admins)',
  tag,
  access: 'admin',
  result: z.array(contact),
});

export const createContact = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts',
  summary: 'Add a contact to the account (admins)',
  tag,
  access: 'admin',
  body: z.object({
    user: contactInput.extend({ account_id: z.number().int().optional() }),
  }),
  result: contact,
});

export const updateContact = defineEndpoint({
  method: 'PATCH',
  path: '/crm/contacts/:id',
  summary: 'Update a contact of the account (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: contactInput.partial(),
  result: contact,
});

export const deleteContact = defineEndpoint({
  method: 'DELETE',
  path: '/crm/contacts/:id',
  summary: 'Remove a contact from the account (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: emptyResult,
});

export const listLicenses = defineEndpoint({
  method: 'GET',
  path: '/crm/contacts/:id/licenses',
  summary: 'A contact’s licenses (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: z.array(license),
});

export const addLicense = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts/:id/licenses',
  summary: 'Give a contact a license for a voice service (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: z.object({ service_id: z.number({ error: 'service_id must be a number' }).int().positive() }),
  result: license,
});

export const removeLicense = defineEndpoint({
  method: 'DELETE',
  path: '/crm/contacts/:id/licenses/:licenseId',
  summary: 'Take a license from a contact (admins)',
  tag,
  access: 'admin',
  params: z.object({ id: idParam, licenseId: idParam }),
  result: emptyResult,
});
