import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Endpoint } from '@portal/contract';
import { WEB_DIST_DIR, WEB_PRERENDER_ENTRY } from './config/paths.js';
import { schemaState } from './db/schema-level.js';
import type { AppDependencies } from './dependencies.js';
import { containerOf, type Container } from './container.js';
import type { AutoPayRunner } from './modules/billing/autopay.js';
import type { WebhookWorker } from './modules/webhooks/webhook-worker.js';
import { createAuthenticator } from './http/authenticate.js';
import { installErrorHandler } from './http/error-handler.js';
import { createInFlight } from './http/in-flight.js';
import { registerApiReferences } from './http/api-reference.js';
import { API_BASE, registerEndpoints } from './http/register-endpoints.js';
import { createRequestBudget } from './http/request-budget.js';
import { buildSerializerOnFirstUse, buildValidatorOnFirstUse } from './http/schema-compilers-on-first-use.js';
import { registerWebApp } from './http/static-web.js';
import { createRateLimiter } from './db/rate-limits.repository.js';
import { findLiveCaller } from './modules/auth/caller.repository.js';
import { createApiKeyAuthenticator } from './modules/provider/api-keys.js';
import { registerHealthRoutes, type Readiness } from './modules/health/health.routes.js';
import { countRequests, listenForMetrics, registerMetricsRoute } from './http/metrics-endpoint.js';
import { apiRoutes } from './routes.js';
import { createLiveHub, type LiveHub } from './modules/live/index.js';
import { constants as zlibConstants } from 'node:zlib';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract's endpoints that have a handler; the others answer 501 after the access check. */
    builtEndpoints: ReadonlySet<Endpoint>;
    /** Charges due automatic payments; server.ts schedules it on the job queue, the CLI on demand, tests directly. */
    autoPay: AutoPayRunner;
    /** Sends due webhook deliveries; server.ts starts its polling, tests call runOnce. Stopped when the app closes. */
    webhookWorker: WebhookWorker;
    /** server.ts marks it draining on SIGTERM, so /readyz answers 503 before the server closes. */
    readiness: Readiness;
    /** This instance's live streams (decision 0046). */
    live: LiveHub;
  }
}

/**
 * Builds the whole server without listening, so tests can drive it with `app.inject`: from the container the server
 * process built (server.ts), or from dependencies, of which it builds one (tests).
 */
export async function buildApp(deps: AppDependencies | Container): Promise<FastifyInstance> {
  const container = containerOf(deps);
  const { config, database, logger, metrics, tokens } = container;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on shutdown; idle keep-alive connections are closed at once.
    forceCloseConnections: 'idle',
    // A long path parameter reaches the contract's validation (400 in the envelope) instead of the router's bare 414;
    // Node's own limit on the request line and headers (16 KiB) stops anything longer before it gets here.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Every log line of a request carries this id (reqId), the answer its X-Request-Id, a failure's envelope its request_id.
    genReqId: requestIdOf,
    schemaController: { compilersFactory: { buildValidator: buildValidatorOnFirstUse, buildSerializer: buildSerializerOnFirstUse } },
  });

  installErrorHandler(app);
  // A mail program's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058). Only that endpoint
  // takes a form: elsewhere a form body stays refused (415), so no plain cross-site form post reaches the API.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, body, done) => {
    if (request.url.split('?')[0] !== `${API_BASE}/portal/unsubscribe`) {
      done(Object.assign(new Error(`Unsupported Media Type: application/x-www-form-urlencoded`), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  countRequests(app, metrics);
  registerMetricsRoute(app, metrics, config.metrics);
  if (config.metrics.port !== undefined) {
    const { host, port } = config.metrics;
    const listener = listenForMetrics(metrics, host, port);
    // Opened when the app gets ready, so a taken port stops the start instead of leaving the portal unwatched.
    app.addHook('onReady', async () => {
      await listener.start().catch((error: unknown) => {
        throw new Error(`The metrics listener could not start on ${host}:${port} (METRICS_HOST/METRICS_PORT): ${(error as Error).message}`);
      });
      logger.info({ host, port }, 'metrics listening');
    });
    app.addHook('onClose', () => listener.stop());
  }
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only an https portal may ask the browser to upgrade: over plain http under any host but
        // localhost, the upgraded requests find no https listener and the page loads nothing.
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  // Uploads (ticket attachments, docs/decisions/0047): multipart/form-data streamed, never buffered or written to
  // disk by the plugin; each route asks for its parts with its own limits (http/multipart.ts). These are the ceiling.
  await app.register(multipart, {
    limits: {
      fileSize: config.attachments.maxFileBytes,
      files: config.attachments.maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: config.attachments.maxFiles + 10,
    },
  });

  // API answers above 1 KB go out compressed (a long ticket conversation is ~170 KB of JSON). Brotli
  // at quality 4 costs about what gzip does; the built app's files are compressed at build time instead.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // API answers carry personal and account data: never kept by the browser or a shared cache.
  app.addHook('onSend', async (request, reply) => {
    const isDocs = request.url.startsWith(`${API_BASE}/docs`) || request.url.startsWith(`${API_BASE}/provider/docs`);
    if (request.url.startsWith(`${API_BASE}/`) && !isDocs) reply.header('cache-control', 'no-store');
  });

  const readiness = registerHealthRoutes(app, () => schemaState(database.pool));
  app.decorate('readiness', readiness);
  // Once a shutdown has begun, every answer closes its connection, so no keep-alive connection
  // (a browser's, or a load balancer's pooled one) outlives the drain and holds up the close.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });

  // The customer and provider API references, loaded when first asked for; each document is generated from the
  // contract when it is first asked for, not at start-up (docs/decisions/0021).
  registerApiReferences(app, config.provider.name);

  const authenticate = createAuthenticator({ tokens, findLiveCaller: (contactId, sessionId) => findLiveCaller(database.db, contactId, sessionId) });
  const inFlight = createInFlight();
  const budget = createRequestBudget(createRateLimiter(database.db), {
    customerPerMinute: config.apiRequestsPerMinute,
    providerPerMinute: config.providerRequestsPerMinute,
    refused: () => metrics.throttled.inc({ limit: 'request_budget' }),
  });
  const authenticateApiKey = createApiKeyAuthenticator(database.db);
  // The live streams of this instance (decision 0046), ended before the server closes so no stream holds up its drain.
  const live = createLiveHub({ connectionString: config.live.listenUrl ?? database.pool.options.connectionString!, logger });
  app.addHook('preClose', () => live.close());
  app.decorate('live', live);
  app.decorate(
    'builtEndpoints',
    registerEndpoints(app, apiRoutes(container, { live, recheck: (request) => authenticate(request, 'user') }), {
      authenticate,
      authenticateApiKey,
      budget,
      inFlight,
    }),
  );
  app.decorate('autoPay', container.autoPay);
  const { webhookWorker } = container;
  app.decorate('webhookWorker', webhookWorker);
  // The attempts in flight are sent and recorded before the database closes.
  app.addHook('onClose', () => webhookWorker.stop());
  // app.close() returns only when every API handler has finished (or after the shutdown timeout), so callers can close the database next.
  app.addHook('onClose', () => inFlight.settled(config.shutdown.timeoutMs));
  // After the last request: what this instance counted reaches the shared budget before the database closes.
  app.addHook('onClose', () => budget.flush());
  await registerWebApp(app, config, {
    db: database.db,
    webDistDir: container.webDistDir ?? WEB_DIST_DIR,
    prerenderEntry: container.webPrerenderEntry ?? WEB_PRERENDER_ENTRY,
    readyWaitMs: container.prerenderReadyWaitMs,
  });
  return app;
}

/** An incoming X-Request-Id (a load balancer's) is kept when it is a short plain token; anything else gets a fresh id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
