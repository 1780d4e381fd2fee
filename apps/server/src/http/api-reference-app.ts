import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { apiReferences } from './openapi.js';

/**
 * The app that serves the API references (api-reference.ts passes their requests to it): Swagger UI at each prefix,
 * over a document generated from the contract when it is first asked for. Each reference is a plugin context of its
 * own, since @fastify/swagger decorates the instance it is registered in.
 */
export async function buildApiReferenceApp(references: ReturnType<typeof apiReferences>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  for (const { prefix, build } of references) {
    let document: ReturnType<typeof build> | undefined;
    await app.register(async (docs) => {
      await docs.register(swagger, {
        mode: 'static',
        specification: { document: { openapi: '3.1.0', info: { title: 'Generated on request', version: '1.0.0' }, paths: {} } },
      });
      await docs.register(swaggerUi, {
        routePrefix: prefix,
        staticCSP: true,
        uiConfig: { docExpansion: 'list', deepLinking: true },
        transformSpecification: () => (document ??= build()),
        transformSpecificationClone: false,
      });
    });
  }
  await app.ready();
  return app;
}
