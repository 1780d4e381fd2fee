import { PROVISION_STATUSES, SERVICE_ITEM_TYPES, SERVICE_STATUSES } from '@portal/contract';
import { check, foreignKey, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accountOwnedKeys, contacts } from './accounts.js';
import { createdAt, money, oneOf, updatedAt } from './columns.js';

/** The provider's product catalogue, shared by all accounts. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique('products_name_key'),
  /** 'Voice' | 'Hosted Service' | 'Cloud' (the breakdown of the Services screen). */
  category: text('category').notNull(),
  description: text('description'),
});

export interface ServiceMetadata {
  purchased_users?: number;
  did?: string;
  price_per_did?: number;
  [key: string]: unknown;
}

/** A subscribed service of an account. `price` is the monthly line total (docs/product.md §9: monthly cost = sum of active prices). */
export const services = pgTable(
  'services',
  {
    ...accountOwnedKeys(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    itemType: text('item_type', { enum: SERVICE_ITEM_TYPES }).notNull(),
    /** The id in the provider's app (voice, payment links); carried as v2= when launching it. */
    apiId: text('api_id'),
    status: text('status', { enum: SERVICE_STATUSES }).notNull().default('active'),
    provisionStatus: text('provision_status', { enum: PROVISION_STATUSES }).notNull().default('provisioned'),
    prodDescription: text('prod_description'),
    price: money('price').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    metadata: jsonb('metadata').$type<ServiceMetadata>().notNull().default({}),
    /** The provider's own id of the service, unique within the account (provider API). */
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('services_account_id_id_key').on(t.accountId, t.id),
    index('services_account_id_item_type_idx').on(t.accountId, t.itemType),
    index('services_product_id_idx').on(t.productId),
    check('services_item_type_check', oneOf(t.itemType, SERVICE_ITEM_TYPES)),
    check('services_status_check', oneOf(t.status, SERVICE_STATUSES)),
    check('services_provision_status_check', oneOf(t.provisionStatus, PROVISION_STATUSES)),
    unique('services_account_id_external_id_key').on(t.accountId, t.externalId),
    index('services_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
  ],
);

/**
 * A user license: a contact's seat on a (voice) service. The composite keys make a license
 * across two accounts impossible, whatever the code above does.
 */
export const licenses = pgTable(
  'licenses',
  {
    ...accountOwnedKeys(),
    contactId: integer('contact_id').notNull(),
    serviceId: integer('service_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('licenses_contact_id_service_id_key').on(t.contactId, t.serviceId),
    index('licenses_account_id_idx').on(t.accountId, t.contactId),
    index('licenses_service_id_idx').on(t.serviceId),
    foreignKey({ name: 'licenses_contact_fk', columns: [t.accountId, t.contactId], foreignColumns: [contacts.accountId, contacts.id] }).onDelete('cascade'),
    foreignKey({ name: 'licenses_service_fk', columns: [t.accountId, t.serviceId], foreignColumns: [services.accountId, services.id] }).onDelete('cascade'),
  ],
);
