import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, services } from '../../db/schema/index.js';

/* The services' figures the dashboard shows. */

/** The service figures in SQL, where sums of numeric(12,2) stay exact (decision 0002). */
export async function serviceFigures(db: Executor, accountId: number) {
  const [row] = await db
    .select({
      active: sql<number>`count(*) FILTER (WHERE ${services.status} = 'active' AND ${services.provisionStatus} = 'provisioned')::int`,
      provisioning: sql<number>`count(*) FILTER (WHERE ${services.provisionStatus} = 'pending')::int`,
      monthlyCost: sql<number>`coalesce(sum(${services.price}) FILTER (WHERE ${services.status} = 'active'), 0)::float8`,
    })
    .from(services)
    .where(eq(services.accountId, accountId));
  return row ?? { active: 0, provisioning: 0, monthlyCost: 0 };
}

export async function recentServices(db: Executor, accountId: number, limit: number) {
  return db
    .select({ id: services.id, product: products.name, description: services.prodDescription, at: services.createdAt })
    .from(services)
    .innerJoin(products, eq(products.id, services.productId))
    .where(eq(services.accountId, accountId))
    .orderBy(desc(services.createdAt))
    .limit(limit);
}
