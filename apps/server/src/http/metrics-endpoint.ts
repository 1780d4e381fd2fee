import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/index.js';
import { AppError } from '../platform/app-error.js';
import type { PortalMetrics } from '../platform/metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * Counts every answer by route pattern (Fastify's `routeOptions.url`, e.g. /api/crm/tickets/:id),
 * never by raw URL, so ids and search terms neither leak into metrics nor multiply its series.
 */
export function countRequests(app: FastifyInstance, metrics: PortalMetrics): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * GET /metrics on the portal's own port answers only a caller with the configured METRICS_TOKEN
 * (Bearer); with no token configured it does not exist (404). A portal user's access token is
 * just a wrong token here. The separate listener (METRICS_PORT) is for networks that keep the
 * scraper apart instead.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: PortalMetrics, config: AppConfig['metrics']): void {
  const expected = config.token ? digest(config.token) : undefined;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!expected) throw new AppError('not_found', 'Not found');
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      throw new AppError('unauthenticated', 'The metrics need the metrics token (Authorization: Bearer <METRICS_TOKEN>)', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/** The metrics alone on a listen address of their own (METRICS_HOST:METRICS_PORT), without a token. */
export function listenForMetrics(metrics: PortalMetrics, host: string, port: number): { start(): Promise<void>; stop(): Promise<void> } {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected\n'),
    );
  });
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      }),
    stop: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
