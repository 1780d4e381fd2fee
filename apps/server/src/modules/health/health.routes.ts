import type { FastifyInstance } from 'fastify';
import type { SchemaState } from '../../db/schema-level.js';

export interface Readiness {
  /** Set once a shutdown has begun: the load balancer must stop sending requests here. */
  draining: boolean;
  /**
   * Set while the prerendered pages load at start (http/static-web.ts), for a bounded time: the instance answers, but
   * its signed-out pages would be the plain app, so the load balancer waits (decision 0037).
   */
  pagesLoading: boolean;
}

/**
 * Liveness (the process answers) and readiness, for load balancers and orchestrators: ready while
 * the database answers, has every migration this code expects, the prerendered pages are loaded (or were waited for
 * long enough, decision 0037) and no shutdown has begun (decision 0023).
 */
export function registerHealthRoutes(app: FastifyInstance, schema: () => Promise<SchemaState>): Readiness {
  const readiness: Readiness = { draining: false, pagesLoading: false };
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (readiness.draining) return reply.status(503).header('retry-after', '5').send({ status: 'shutting down' });
    if (readiness.pagesLoading) return reply.status(503).header('retry-after', '1').send({ status: 'loading the prerendered pages' });
    const state = await schema();
    if (state.kind === 'unavailable') return reply.status(503).header('retry-after', '5').send({ status: 'database unavailable' });
    // A newer schema is fine for a running instance: upgrades only add to it while old instances still serve (decision 0023).
    if (state.kind === 'older') return reply.status(503).header('retry-after', '5').send({ status: 'database schema older than this version expects' });
    return { status: 'ready' };
  });
  return readiness;
}
