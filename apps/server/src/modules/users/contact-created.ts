import type { ContactRow } from './users.repository.js';

/** The `contact.created` event's contact, as its webhook and audit entry name it: who, and with which roles. */
export const createdContact = (row: ContactRow) => ({
  id: row.id,
  external_id: row.externalId,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  admin_group: row.adminGroup,
  billing_group: row.billingGroup,
  technical_group: row.technicalGroup,
});
