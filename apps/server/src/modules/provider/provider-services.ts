import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProviderBulkItem, ProviderBulkResult, ProviderListQuery, ProviderService, ProviderServiceInput } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { products, services } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkOutcome, bulkResult, refuseDuplicateExternalIds, upsertEach } from './provider-bulk.js';
import { accountIdOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';
import { inTransaction } from '../../db/transaction.js';

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

interface ServiceUpserted {
  created: boolean;
  row: ServiceRow;
  product: { name: string; category: string };
}

/** One service, created or updated in the caller's transaction: the single PUT and each item of a bulk call. */
async function upsertService(tx: Executor, accountId: number, externalId: string, input: ProviderServiceInput): Promise<ServiceUpserted> {
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
  return { created: !before, row: row!, product: { name: product!.name, category: product!.category } };
}

/** The services an account subscribes to, by the provider's external id; the product is found in the catalogue by name, or added. */
export function createProviderServices(db: Database) {
  return {
    async upsert(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderServiceInput, meta: ClientMeta): Promise<{ created: boolean; item: ProviderService }> {
      const accountId = await accountIdOf(db, accountExternalId);
      return inTransaction(db, async (tx) => {
        const { created, row, product } = await upsertService(tx, accountId, externalId, input);
        await recordProviderChange(tx, provider, meta, created ? 'provider.service_created' : 'provider.service_updated', accountId, { service_id: row.id, external_id: externalId });
        return { created, item: serviceWire(row, product) };
      });
    },

    /** Up to 1,000 services of one account in one transaction: all or none; one audit entry for the call. */
    async bulk(provider: ProviderCaller, accountExternalId: string, items: ProviderBulkItem<ProviderServiceInput>[], meta: ClientMeta): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      const accountId = await accountIdOf(db, accountExternalId);
      return inTransaction(db, async (tx) => {
        const answer = bulkResult((await upsertEach(items, (item) => upsertService(tx, accountId, item.external_id, item))).map(bulkOutcome));
        await recordProviderChange(tx, provider, meta, 'provider.services_bulk', accountId, { created: answer.created, updated: answer.updated });
        return answer;
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
