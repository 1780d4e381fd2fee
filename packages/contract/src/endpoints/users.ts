import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idField, idParam, idParams, resultWhenSent } from '../entities/common.js';
import {
  acceptedAccountUser,
  acceptedCreatedContact,
  acceptedLicense,
  accountUser,
  accountUsersQuery,
  accountUserStats,
  contactChanges,
  contactInput,
  licensableService,
  license,
} from '../entities/contact.js';

/** The Users screen's calls (admins): the account's contacts, their invitations and their licenses. */
const tag = 'Users';

export const listContacts = defineEndpoint({
  method: 'GET',
  path: '/crm/contacts',
  summary: 'The account’s contacts (admins)',
  tag,
  access: 'admin',
  query: accountUsersQuery,
  result: z.array(accountUser),
  /** A server without our paging answers every contact: the screen pages and searches them itself. */
  accepts: z.array(acceptedAccountUser),
});

export const contactStats = defineEndpoint({
  method: 'GET',
  path: '/crm/contacts/stats',
  summary: 'Counts for the Users screen: all, admins, billing, technical, and those matching a search (admins)',
  tag,
  access: 'admin',
  query: accountUsersQuery.pick({ search: true }),
  result: accountUserStats,
});

export const listLicensableServices = defineEndpoint({
  method: 'GET',
  path: '/crm/licenses/services',
  summary: 'The account’s voice services offered as licenses, with seats used and free (admins)',
  tag,
  access: 'admin',
  result: z.array(licensableService),
});

export const resendInvitation = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts/:id/invitation',
  summary: 'Send a contact who has not chosen a password yet a new invitation (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: emptyResult,
});

export const createContact = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts',
  summary: 'Add a contact to the account (admins)',
  tag,
  access: 'admin',
  body: z.object({
    /** account_id is accepted for the original client's sake and ignored: a new contact joins the caller's account. */
    user: contactInput.extend({ account_id: z.number().int().optional() }),
  }),
  result: accountUser,
  accepts: acceptedCreatedContact,
});

export const updateContact = defineEndpoint({
  method: 'PATCH',
  path: '/crm/contacts/:id',
  summary: 'Update a contact of the account, and with service_ids their licenses in the same change (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: contactChanges,
  result: accountUser,
  accepts: resultWhenSent(acceptedAccountUser),
});

export const deleteContact = defineEndpoint({
  method: 'DELETE',
  path: '/crm/contacts/:id',
  summary: 'Remove a contact from the account (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: emptyResult,
  accepts: resultWhenSent(emptyResult),
});

export const listLicenses = defineEndpoint({
  method: 'GET',
  path: '/crm/contacts/:id/licenses',
  summary: 'A contact’s licenses (admins)',
  tag,
  access: 'admin',
  params: idParams,
  result: z.array(license),
  accepts: z.array(acceptedLicense),
});

export const addLicense = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts/:id/licenses',
  summary: 'Give a contact a license for a voice service (admins)',
  tag,
  access: 'admin',
  params: idParams,
  body: z.object({ service_id: idField('service_id') }),
  result: license,
  accepts: resultWhenSent(acceptedLicense),
});

export const removeLicense = defineEndpoint({
  method: 'DELETE',
  path: '/crm/contacts/:id/licenses/:licenseId',
  summary: 'Take a license from a contact (admins)',
  tag,
  access: 'admin',
  params: z.object({ id: idParam, licenseId: idParam }),
  result: emptyResult,
  accepts: resultWhenSent(emptyResult),
});
