import { endpoints, errorEnvelope, providerEndpoints, successEnvelope, toOpenApiPath, z, type Endpoint } from '@portal/contract';
import { API_BASE } from './register-endpoints.js';

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.1 document, generated from the same zod definitions the server validates with. */
export function buildOpenApiDocument(info: { title: string; version: string; serverUrl: string }) {
  return {
    ...documentOf(endpoints, info),
    info: {
      title: info.title,
      version: info.version,
      description:
        'Every response is an envelope: `{ errors: false, result, message? }` on success, `{ errors: true, message, fields?, code? }` with a 4xx/5xx status on failure. Authenticated calls send `Authorization: Bearer <access token>`.',
    },
  };
}

/** The provider API's own document (/api/provider/docs): the same generator over the provider endpoints. */
export function buildProviderOpenApiDocument(info: { title: string; version: string; serverUrl: string }) {
  return {
    ...documentOf(providerEndpoints, info),
    info: {
      title: info.title,
      version: info.version,
      description: [
        'The provider’s back-office API: its PSA, CRM and billing systems create and update accounts, contacts, services, tickets and statements by their own external ids, and read back what changed in the portal.',
        'Authenticate with an API key (`npm run portal -- api-key create …`) as `Authorization: Bearer ppk_…`; each operation names the scope it needs (a `:write` scope also grants `:read`).',
        '`PUT` creates or updates: 201 with `created: true`, or 200 with `created: false`. Lists page with `cursor` (pass `next_cursor` back) and filter with `updated_since`.',
        'Every response is an envelope: `{ errors: false, result }` on success, `{ errors: true, message, fields?, code? }` with a 4xx/5xx status on failure; `fields` names each invalid field by its path (`items.3.subject` in a bulk call).',
      ].join('\n\n'),
    },
  };
}

function documentOf(collection: Record<string, Endpoint>, info: { serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(collection) as [string, Endpoint][]) {
    const path = API_BASE + toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  const isProvider = Object.values(collection).some((endpoint) => endpoint.access === 'provider');
  return {
    openapi: '3.1.0',
    servers: [{ url: info.serverUrl }],
    components: {
      securitySchemes: isProvider
        ? { apiKey: { type: 'http', scheme: 'bearer', description: 'A provider API key (ppk_…); the operation names the scope it needs' } }
        : {
            accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from sign-in' },
            refreshToken: { type: 'http', scheme: 'bearer', description: 'Refresh token from sign-in (refresh only)' },
            resetToken: { type: 'http', scheme: 'bearer', description: 'Token from the password-reset e-mail' },
          },
      schemas: { ErrorEnvelope: toSchema(errorEnvelope, 'output') },
    },
    paths,
  };
}

function operation(name: string, endpoint: Endpoint) {
  const parameters = [
    ...objectParameters(endpoint.params, 'path'),
    ...objectParameters(endpoint.query, 'query'),
  ];
  const errorResponse = { description: 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  const success: Record<string, unknown> = {
    'application/json': { schema: toSchema(successEnvelope(endpoint.result), 'output') },
  };
  for (const type of endpoint.produces ?? []) if (type !== 'application/json') success[type] = { schema: { type: 'string', format: 'binary' } };

  return {
    operationId: name,
    summary: endpoint.scope ? `${endpoint.summary} (scope ${endpoint.scope})` : endpoint.summary,
    tags: [endpoint.tag],
    ...(security(endpoint) ? { security: [{ [security(endpoint)!]: endpoint.scope ? [endpoint.scope] : [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: {
      200: { description: endpoint.method === 'PUT' ? 'Updated (`created: false`)' : 'Success', content: success },
      ...(endpoint.method === 'PUT' ? { 201: { description: 'Created (`created: true`)', content: success } } : {}),
      400: { ...errorResponse, description: 'The input is not valid; `fields` says which' },
      ...(endpoint.access === 'public' ? {} : { 401: { ...errorResponse, description: 'Not signed in, or the token is not valid' } }),
      ...(endpoint.access === 'admin' || endpoint.access === 'billing'
        ? { 403: { ...errorResponse, description: `Only for the ${endpoint.access} group` } }
        : {}),
      ...(endpoint.access === 'provider' ? { 403: { ...errorResponse, description: `The API key lacks the scope ${endpoint.scope}` } } : {}),
      ...(endpoint.params ? { 404: { ...errorResponse, description: 'No such item in your account' } } : {}),
      429: { ...errorResponse, description: 'Too many requests' },
    },
  };
}

function security(endpoint: Endpoint): string | undefined {
  switch (endpoint.access) {
    case 'public':
      return undefined;
    case 'refresh':
      return 'refreshToken';
    case 'reset':
      return 'resetToken';
    case 'provider':
      return 'apiKey';
    default:
      return 'accessToken';
  }
}

function objectParameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}
