import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, providerEndpoints, successEnvelope, z, type Endpoint } from '@portal/contract';
import type { Caller } from '../modules/auth/caller.js';
import type { ApiKeyAuthenticator, ProviderCaller } from '../modules/provider/api-keys.js';
import { AppError } from '../platform/app-error.js';
import { bearerToken } from '../platform/tokens.js';
import { cleanUserAgent, type ClientMeta } from '../platform/client-meta.js';
import type { Authenticate } from './authenticate.js';
import type { InFlight } from './in-flight.js';
import type { RequestBudget } from './request-budget.js';
import { parseInput } from './validation.js';

export const API_BASE = '/api';

type Parsed<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

/** What a handler receives: inputs already parsed by the contract's schemas. */
export interface EndpointContext<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The signed-in contact; reading it on a public, refresh or reset endpoint is a programming error. */
  caller: Caller;
  /** The provider API key making the request; only on `provider` endpoints. */
  provider: ProviderCaller;
  /** The client's address and user agent, cleaned for storage (sessions, audit log). */
  client: ClientMeta;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the result (wrapped in the envelope here), or `{ result, message }`, or sends the reply itself. */
export type HandlerOutput<E extends Endpoint> = z.input<E['result']> | Respond<z.input<E['result']>> | FastifyReply;

export class Respond<T> {
  constructor(
    readonly result: T,
    readonly message?: string,
    readonly status = 200,
  ) {}
}

export interface EndpointRoute {
  endpoint: Endpoint;
  handler: (context: EndpointContext<Endpoint>) => Promise<unknown>;
  /**
   * Serialize the 200 answer with fast-json-stringify, compiled from the contract's result schema
   * (docs/decisions/0027): about a third cheaper than JSON.stringify for a 100-ticket page. Only
   * where it pays; the tests still parse every answer with the contract's zod schemas.
   */
  serializeBySchema?: boolean;
  /**
   * false: the answer goes as it is, never compressed (a stored file: mostly compressed already, sent with its length,
   * and compressing 25 MB of it costs the server more CPU than the transfer; docs/decisions/0047).
   */
  compress?: false;
}

export function route<E extends Endpoint>(
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<HandlerOutput<E>>,
  options: { serializeBySchema?: boolean; compress?: false } = {},
): EndpointRoute {
  return { endpoint, handler: handler as EndpointRoute['handler'], ...options };
}

/** The success envelope of an endpoint as JSON Schema, for Fastify's schema-based serializer. */
function responseSchema(endpoint: Endpoint) {
  return z.toJSONSchema(successEnvelope(endpoint.result), { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

/**
 * Registers every endpoint of the contract: those with a handler run it after parsing the path,
 * query and body with the contract's schemas; the rest answer 501 in the envelope, so a client
 * can tell "not built yet" from "no such path". Built or not, who is calling is checked first:
 * an anonymous caller gets 401 and a caller without the role 403, never a 501.
 * Returns the endpoints that have a handler (the authorization matrix reads it).
 */
export interface Pipeline {
  authenticate: Authenticate;
  /** Provider endpoints take an API key instead of a customer's token (decision 0025). */
  authenticateApiKey: ApiKeyAuthenticator;
  budget: RequestBudget;
  inFlight: InFlight;
}

export function registerEndpoints(app: FastifyInstance, routes: EndpointRoute[], pipeline: Pipeline): Set<Endpoint> {
  const byKey = new Map(routes.map((r) => [key(r.endpoint), r]));
  const built = new Set(routes.map((r) => r.endpoint));
  for (const endpoint of [...Object.values(endpoints), ...Object.values(providerEndpoints)] as Endpoint[]) {
    const implemented = byKey.get(key(endpoint));
    byKey.delete(key(endpoint));
    app.route({
      method: endpoint.method,
      url: API_BASE + endpoint.path,
      ...(implemented?.serializeBySchema ? { schema: { response: { 200: responseSchema(endpoint) } } } : {}),
      ...(implemented?.compress === false ? { compress: false as const } : {}),
      handler: runHandler(implemented ?? { endpoint, handler: notImplemented(endpoint) }, pipeline),
    });
  }
  for (const leftover of byKey.values()) {
    throw new Error(`Route ${key(leftover.endpoint)} has no endpoint in the contract; add it there first`);
  }
  return built;
}

function runHandler({ endpoint, handler }: EndpointRoute, { authenticate, authenticateApiKey, budget, inFlight }: Pipeline) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    inFlight.run(async () => {
      // Who is asking comes first: an anonymous caller learns nothing about the input rules. A
      // refused token still spends from its address's budget, so guessing tokens is budgeted too.
      let caller: Caller | undefined;
      let provider: ProviderCaller | undefined;
      try {
        if (endpoint.access === 'provider') provider = await authenticateApiKey(bearerToken(request.headers.authorization), endpoint.scope!);
        else caller = await authenticate(request, endpoint.access);
      } catch (error) {
        await budget.spend({ ip: request.ip ?? null });
        throw error;
      }
      await budget.spend(provider ? { apiKeyId: provider.keyId } : caller ? { contactId: caller.contactId } : { ip: request.ip ?? null });
      const context = {
        params: parseInput(endpoint.params, request.params, 'path'),
        query: parseInput(endpoint.query, request.query, 'query'),
        body: parseInput(endpoint.body, request.body, 'body', { refuseUnknownFields: endpoint.method === 'PATCH' || endpoint.method === 'PUT' }),
        get caller(): Caller {
          if (!caller) throw new Error(`${endpoint.method} ${endpoint.path} is ${endpoint.access}; it has no caller`);
          return caller;
        },
        get provider(): ProviderCaller {
          if (!provider) throw new Error(`${endpoint.method} ${endpoint.path} is ${endpoint.access}; it has no provider key`);
          return provider;
        },
        client: { ip: request.ip ?? null, userAgent: cleanUserAgent(request.headers['user-agent']) },
        request,
        reply,
      } as EndpointContext<Endpoint>;
      const output = await handler(context);
      // A handler that sent the reply itself (a file download) returns it; being a thenable, the reply is
      // awaited until the answer has gone out and arrives here as undefined, so `sent` is what tells.
      if (output === reply || reply.sent) return reply;
      const respond = output instanceof Respond ? output : new Respond(output);
      const envelope: { errors: false; result: unknown; message?: string } = { errors: false, result: respond.result ?? null };
      if (respond.message) envelope.message = respond.message;
      return reply.status(respond.status).send(envelope);
    });
}

function notImplemented(endpoint: Endpoint): EndpointRoute['handler'] {
  return async () => {
    throw new AppError('not_implemented', `${endpoint.method} ${API_BASE}${endpoint.path} is not available yet`);
  };
}

const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
