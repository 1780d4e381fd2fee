import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Endpoint } from '@portal/contract';
import { WEB_DIST_DIR } from './config/paths.js';
import { schemaState } from './db/schema-level.js';
import type { AppDependencies } from './dependencies.js';
import { createAuthenticator } from './http/authenticate.js';
import { installErrorHandler } from './http/error-handler.js';
import { createInFlight } from './http/in-flight.js';
import { buildOpenApiDocument } from './http/openapi.js';
import { API_BASE, registerEndpoints } from './http/register-endpoints.js';
import { createRequestBudget } from './http/request-budget.js';
import { registerWebApp } from './http/static-web.js';
import { createRateLimiter } from './db/rate-limits.repository.js';
import { findLiveCaller } from './modules/auth/caller.repository.js';
import { registerHealthRoutes, type Readiness } from './modules/health/health.routes.js';
import { createMailer } from './platform/mail.js';
import { createMailOutbox } from './db/mail-outbox.repository.js';
import { createLocalMonitoringSystem } from './platform/monitoring-system.js';
import { createSandboxGateway } from './platform/payment-gateway.js';
import { createTokenService } from './platform/tokens.js';
import { createAutoPayRunner, type AutoPayRunner } from './modules/billing/autopay.js';
import { apiRoutes } from './routes.js';
import { constants as zlibConstants } from 'node:zlib';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contract's endpoints that have a handler; the others answer 501 after the access check. */
    builtEndpoints: ReadonlySet<Endpoint>;
    /** Charges due automatic payments; main.ts runs it on a timer, the CLI on demand, tests directly. */
    autoPay: AutoPayRunner;
    /** main.ts marks it draining on SIGTERM, so /readyz answers 503 before the server closes. */
    readiness: Readiness;
  }
}

/** Builds the whole server without listening, so tests can drive it with `app.inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, logger } = deps;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on shutdown; idle keep-alive connections are closed at once.
    forceCloseConnections: 'idle',
    // A long path parameter reaches the contract's validation (400 in the envelope) instead of the router's bare 414;
    // Node's own limit on the request line and headers (16 KiB) stops anything longer before it gets here.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
  });

  installErrorHandler(app);
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
    if (request.url.startsWith(`${API_BASE}/`) && !request.url.startsWith(`${API_BASE}/docs`)) reply.header('cache-control', 'no-store');
  });

  const readiness = registerHealthRoutes(app, () => schemaState(database.pool));
  app.decorate('readiness', readiness);
  // Once a shutdown has begun, every answer closes its connection, so no keep-alive connection
  // (a browser's, or a load balancer's pooled one) outlives the drain and holds up the close.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });

  const document = buildOpenApiDocument({ title: `${config.provider.name} customer portal API`, version: '1.0.0', serverUrl: config.publicUrl });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });

  const tokens = createTokenService(config.secrets.tokenSecret);
  const authenticate = createAuthenticator({ tokens, findLiveCaller: (contactId, sessionId) => findLiveCaller(database.db, contactId, sessionId) });
  const mailer = deps.mailer ?? createMailer({ outbox: createMailOutbox(database.db), smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: logger });
  const inFlight = createInFlight();
  const budget = createRequestBudget(createRateLimiter(database.db), config.apiRequestsPerMinute);
  // The sandbox gateway signs its transaction ids with the token secret, so they are stable across instances.
  const paymentGateway = deps.paymentGateway ?? createSandboxGateway({ secret: config.secrets.tokenSecret });
  const monitoringSystem = deps.monitoringSystem ?? createLocalMonitoringSystem({ serverUrl: config.monitoring.serverUrl, secret: config.secrets.tokenSecret });
  app.decorate('builtEndpoints', registerEndpoints(app, apiRoutes({ ...deps, tokens, mailer, paymentGateway, monitoringSystem }), { authenticate, budget, inFlight }));
  app.decorate('autoPay', createAutoPayRunner({ db: database.db, gateway: paymentGateway, mailer, config }));
  // app.close() returns only when every API handler has finished (or after the shutdown timeout), so callers can close the database next.
  app.addHook('onClose', () => inFlight.settled(config.shutdown.timeoutMs));
  await registerWebApp(app, config, deps.webDistDir ?? WEB_DIST_DIR);
  return app;
}
