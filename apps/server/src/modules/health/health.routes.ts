import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers); for load balancers and orchestrators. */
export function registerHealthRoutes(app: FastifyInstance, databaseAnswers: () => Promise<boolean>): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await databaseAnswers();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unavailable' });
  });
}
