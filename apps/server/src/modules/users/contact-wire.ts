import type { Contact } from '@portal/contract';
import type { contacts } from '../../db/schema/index.js';

type ContactRow = typeof contacts.$inferSelect;

/** A contact as the API sends it (the users module owns contacts; the profile sends the caller's own). */
export function toWireContact(row: ContactRow): Contact {
  return {
    pk: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    full_name: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    mobile: row.mobile,
    admin_group: row.adminGroup,
    billing_group: row.billingGroup,
    technical_group: row.technicalGroup,
    time_zone: row.timeZone,
    account_id: row.accountId,
    date_created: row.createdAt.toISOString(),
  };
}
