import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProviderListQuery, ProviderService, ProviderServiceInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { products, services } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type ServiceRow = typeof services.$inferSelect;

export function serviceWire(row: ServiceRow, product: { name: string; category: string }): ProviderService {
  const seats = row.metadata.purchased_users;
  return {
    id: row.id,
    external_id: row.externalId,
    product,
    item_type: row.itemType,
    status: row.status,
    provision_status: row.provisionStatus,
    description: row.prodDescription,
    price: row.price,
    quantity: row.quantity,
    seats: typeof seats === 'number' ? seats : null,
    api_id: row.apiId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The services an account subscribes to, by the provider's external id; the product is found in the catalogue by name, or added. */
export function createProviderServices(db: Database) {
  return {
    async upsert(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderServiceInput, meta: ClientMeta): Promise<{ created: boolean; item: ProviderService }> {
      const accountId = await accountIdOf(db, accountExternalId);
      return db.transaction(async (tx) => {
        await tx
          .insert(products)
          .values({ name: input.product.name, category: input.product.category, description: input.product.description ?? null })
          .onConflictDoNothing({ target: products.name });
        const [product] = await tx.select().from(products).where(eq(products.name, input.product.name));
        const fields = {
          productId: product!.id,
          itemType: input.item_type,
          status: input.status,
          provisionStatus: input.provision_status,
          price: input.price,
          quantity: input.quantity,
          ...(input.description !== undefined && { prodDescription: input.description }),
          ...(input.api_id !== undefined && { apiId: input.api_id }),
        };
        const seats = input.seats === undefined ? {} : { purchased_users: input.seats };
        const [before] = await tx.select({ id: services.id }).from(services).where(and(eq(services.accountId, accountId), eq(services.externalId, externalId))).for('update');
        const [row] = await tx
          .insert(services)
          .values({ accountId, externalId, ...fields, metadata: seats })
          .onConflictDoUpdate({
            target: [services.accountId, services.externalId],
            set: { ...fields, metadata: sql`${services.metadata} || ${JSON.stringify(seats)}::jsonb`, updatedAt: sql`now()` },
          })
          .returning();
        await recordProviderChange(tx, provider, meta, before ? 'provider.service_updated' : 'provider.service_created', accountId, { service_id: row!.id, external_id: externalId });
        return { created: !before, item: serviceWire(row!, { name: product!.name, category: product!.category }) };
      });
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: services, product: { name: products.name, category: products.category }, cursorMicros: cursorMicros(services.updatedAt) })
        .from(services)
        .innerJoin(products, eq(products.id, services.productId))
        .where(and(eq(services.accountId, accountId), pageConditions(query, services.updatedAt, services.id)))
        .orderBy(asc(services.updatedAt), asc(services.id))
        .limit(query.limit + 1);
      return toPage(rows, query.limit, (r) => r.row.id, (r) => serviceWire(r.row, r.product));
    },
  };
}
