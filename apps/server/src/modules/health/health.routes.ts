import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers); for load balancers and orchestrators. */
export function registerHealthRoutes(app: FastifyInstance, databaseAnswers: () => Promise<boolean>): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await databaseAnswers();
    if (!ready) return reply.status(503).header('retry-after', '5').send({ status: 'database unavailable' });
    return { status: 'ready' };
  });
}
