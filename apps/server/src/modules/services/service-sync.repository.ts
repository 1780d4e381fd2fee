import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProviderServiceInput } from '@portal/contract';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { products, services } from '../../db/schema/index.js';
import { externalIdOrder, givenFlags, givenOrKept, recordset } from '../../db/set-writes.js';

/* The services the provider's systems push (service-sync.ts): its SQL, by external id, set-based (decision 0030). */

export type ServiceRow = typeof services.$inferSelect;

export type ServiceItem = ProviderServiceInput & { external_id: string };

export interface ServiceUpserted {
  created: boolean;
  /** Whether this call changed the service: an identical push changes nothing, not even `updated_at`. */
  changed: boolean;
  row: ServiceRow;
  product: { name: string; category: string };
}

/** One item as the SQL reads it: the fields, which optional ones it gave, and the seats as a patch of the metadata. */
function serviceRecord(item: ServiceItem, ord: number) {
  const optional = { prod_description: item.description, api_id: item.api_id };
  return {
    ord,
    external_id: item.external_id,
    product_name: item.product.name,
    product_category: item.product.category,
    product_description: item.product.description ?? null,
    item_type: item.item_type,
    status: item.status,
    provision_status: item.provision_status,
    price: item.price,
    quantity: item.quantity,
    metadata_patch: item.seats === undefined ? {} : { purchased_users: item.seats },
    ...optional,
    ...givenFlags(optional),
  };
}

const SERVICE_RECORD = {
  ord: 'integer',
  external_id: 'text',
  product_name: 'text',
  product_category: 'text',
  product_description: 'text',
  item_type: 'text',
  status: 'text',
  provision_status: 'text',
  price: 'numeric',
  quantity: 'integer',
  metadata_patch: 'jsonb',
  prod_description: 'text',
  api_id: 'text',
  has_prod_description: 'boolean',
  has_api_id: 'boolean',
};

/**
 * Services of one account created or updated in the caller's transaction, in a few statements
 * whatever their number: the single PUT (one item) and a bulk call run this same code. The product
 * is found in the catalogue by name, or added (by the first item, in external id order, that names
 * it); absent fields keep their value, seats are merged into the metadata, and an item that changes
 * nothing writes nothing. Results are in the order of the items.
 */
export async function upsertServices(tx: Executor, accountId: number, items: ServiceItem[]): Promise<ServiceUpserted[]> {
  const records = externalIdOrder(items).map((index, ord) => serviceRecord(items[index]!, ord));
  const externalIds = items.map((item) => item.external_id);
  await tx.execute(sql`
    INSERT INTO products (name, category, description)
    SELECT DISTINCT ON (s.product_name) s.product_name, s.product_category, s.product_description
    FROM ${recordset('s', SERVICE_RECORD, records)}
    ORDER BY s.product_name, s.ord
    ON CONFLICT (name) DO NOTHING`);
  // The existing rows, locked in external id order, so two overlapping calls wait for each other.
  const locked = await tx
    .select({ externalId: services.externalId })
    .from(services)
    .where(and(eq(services.accountId, accountId), inArray(services.externalId, externalIds)))
    .orderBy(asc(services.externalId))
    .for('update');
  const existing = new Set(locked.map((row) => row.externalId!));
  const fresh = records.filter((record) => !existing.has(record.external_id));
  // DO NOTHING: a service another call created meanwhile is updated below instead.
  const inserted = new Set(
    fresh.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string }>(sql`
            INSERT INTO services (account_id, external_id, product_id, item_type, status, provision_status, price, quantity, prod_description, api_id, metadata)
            SELECT ${accountId}, s.external_id, p.id, s.item_type, s.status, s.provision_status, s.price, s.quantity, s.prod_description, s.api_id, s.metadata_patch
            FROM ${recordset('s', SERVICE_RECORD, fresh)}
            JOIN products p ON p.name = s.product_name
            ORDER BY s.ord
            ON CONFLICT (account_id, external_id) DO NOTHING
            RETURNING external_id`)
        ).rows.map((row) => row.external_id),
  );
  const others = records.filter((record) => !inserted.has(record.external_id));
  const updated = new Set(
    others.length === 0
      ? []
      : (
          await tx.execute<{ external_id: string }>(sql`
            UPDATE services AS t
            SET product_id = n.product_id, item_type = n.item_type, status = n.status, provision_status = n.provision_status, price = n.price,
                quantity = n.quantity, prod_description = n.prod_description, api_id = n.api_id, metadata = n.metadata, updated_at = now()
            FROM (
              SELECT cur.id, p.id AS product_id, s.item_type, s.status, s.provision_status, s.price, s.quantity,
                     ${givenOrKept('prod_description')}, ${givenOrKept('api_id')}, cur.metadata || s.metadata_patch AS metadata
              FROM ${recordset('s', SERVICE_RECORD, others)}
              JOIN services cur ON cur.account_id = ${accountId} AND cur.external_id = s.external_id
              JOIN products p ON p.name = s.product_name
            ) AS n
            WHERE t.id = n.id
              AND (t.product_id, t.item_type, t.status, t.provision_status, t.price, t.quantity, t.prod_description, t.api_id, t.metadata)
                  IS DISTINCT FROM (n.product_id, n.item_type, n.status, n.provision_status, n.price, n.quantity, n.prod_description, n.api_id, n.metadata)
            RETURNING t.external_id`)
        ).rows.map((row) => row.external_id),
  );
  const rows = new Map(
    (
      await tx
        .select({ row: services, product: { name: products.name, category: products.category } })
        .from(services)
        .innerJoin(products, eq(products.id, services.productId))
        .where(and(eq(services.accountId, accountId), inArray(services.externalId, externalIds)))
    ).map((row) => [row.row.externalId!, row]),
  );
  return items.map(({ external_id: externalId }) => {
    const created = inserted.has(externalId);
    const { row, product } = rows.get(externalId)!;
    return { created, changed: created || updated.has(externalId), row, product };
  });
}

/** A page of the account's services by last change (the provider's change feed); `limit` rows and one more. */
export async function servicesChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: services, product: { name: products.name, category: products.category }, cursorMicros: positionMicros(services.updatedAt) })
    .from(services)
    .innerJoin(products, eq(products.id, services.productId))
    .where(and(eq(services.accountId, accountId), afterPosition(position, services.updatedAt, services.id)))
    .orderBy(asc(services.updatedAt), asc(services.id))
    .limit(limit + 1);
}
