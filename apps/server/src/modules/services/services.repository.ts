import { and, asc, eq } from 'drizzle-orm';
import type { Service } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { products, services } from '../../db/schema/index.js';

/** The account's services with their product, in the wire shape of docs/product.md §3. Always scoped by account. */
export async function listAccountServices(db: Executor, accountId: number): Promise<Service[]> {
  const rows = await db
    .select({
      id: services.id,
      itemType: services.itemType,
      apiId: services.apiId,
      status: services.status,
      provisionStatus: services.provisionStatus,
      prodDescription: services.prodDescription,
      price: services.price,
      quantity: services.quantity,
      metadata: services.metadata,
      createdAt: services.createdAt,
      productName: products.name,
      productCategory: products.category,
      productDescription: products.description,
    })
    .from(services)
    .innerJoin(products, eq(products.id, services.productId))
    .where(eq(services.accountId, accountId))
    .orderBy(asc(products.category), asc(products.name), asc(services.id));
  return rows.map((row) => ({
    pk: row.id,
    item_type: row.itemType,
    api_id: row.apiId,
    status: row.status,
    provision_status: row.provisionStatus,
    product: { name: row.productName, category: row.productCategory, description: row.productDescription },
    prod_description: row.prodDescription,
    price: row.price,
    quantity: row.quantity,
    date_created: row.createdAt.toISOString(),
    metadata: row.metadata,
  }));
}

/**
 * Locks one of the account's services for the rest of the caller's transaction (a seat given by the users module counts
 * in turn with another for the same service); false when the account has no such service.
 */
export async function lockAccountService(tx: Executor, accountId: number, serviceId: number): Promise<boolean> {
  const [locked] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.accountId, accountId), eq(services.id, serviceId)))
    .for('update');
  return locked !== undefined;
}
