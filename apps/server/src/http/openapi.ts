import { endpoints, errorEnvelope, IDEMPOTENCY_KEY_HEADER, providerEndpoints, successEnvelope, toOpenApiPath, z, type Endpoint } from '@portal/contract';
import { IDEMPOTENCY_KEY_SHAPE } from '../modules/billing/billing.policy.js';
import { API_BASE } from './register-endpoints.js';

type JsonSchema = Record<string, unknown>;
type DocumentInfo = { title: string; version: string };

/**
 * The API references the portal serves, each at its prefix (`<prefix>/json` is the document):
 * app.ts serves them, and `npm run lint:api` lints each with Redocly's recommended rules.
 */
export function apiReferences(providerName: string) {
  return [
    { name: 'customer', prefix: `${API_BASE}/docs`, build: () => buildOpenApiDocument({ title: `${providerName} customer portal API`, version: '1.0.0' }) },
    {
      name: 'provider',
      prefix: `${API_BASE}/provider/docs`,
      build: () => buildProviderOpenApiDocument({ title: `${providerName} provider API`, version: '1.0.0' }),
    },
  ];
}

/** The portal is not open source: the SPDX form of a licence of one's own (a LicenseRef), which the references name. */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** The OpenAPI 3.1 document, generated from the same zod definitions the server validates with. */
export function buildOpenApiDocument(info: DocumentInfo) {
  return {
    ...documentOf(endpoints),
    info: {
      title: info.title,
      version: info.version,
      license: LICENSE,
      description:
        'Every response is an envelope: `{ errors: false, result, message? }` on success, `{ errors: true, message, fields?, code? }` with a 4xx/5xx status on failure. Authenticated calls send `Authorization: Bearer <access token>`.',
    },
  };
}

/** The provider API's own document (/api/provider/docs): the same generator over the provider endpoints. */
export function buildProviderOpenApiDocument(info: DocumentInfo) {
  return {
    ...documentOf(providerEndpoints),
    info: {
      title: info.title,
      version: info.version,
      license: LICENSE,
      description: [
        'The provider’s back-office API: its PSA, CRM and billing systems create and update accounts, contacts, services, tickets and statements by their own external ids, and read back what changed in the portal.',
        'Authenticate with an API key (`npm run portal -- api-key create …`) as `Authorization: Bearer ppk_…`; each operation names the scope it needs (a `:write` scope also grants `:read`).',
        '`PUT` creates or updates: 201 with `created: true`, or 200 with `created: false`. Lists page with `cursor` (pass `next_cursor` back) and filter with `updated_since`.',
        'Every response is an envelope: `{ errors: false, result }` on success, `{ errors: true, message, fields?, code? }` with a 4xx/5xx status on failure; `fields` names each invalid field by its path (`items.3.subject` in a bulk call).',
      ].join('\n\n'),
    },
  };
}

function documentOf(collection: Record<string, Endpoint>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(collection) as [string, Endpoint][]) {
    const path = API_BASE + toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  const isProvider = Object.values(collection).some((endpoint) => endpoint.access === 'provider');
  return {
    openapi: '3.1.0',
    // Relative: the portal that serves the reference (paths carry /api), whatever address it is reached at.
    servers: [{ url: '/', description: 'This portal' }],
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
  const parameters = [...objectParameters(endpoint.params, 'path'), ...objectParameters(endpoint.query, 'query'), ...(HEADER_PARAMETERS[name] ?? [])];
  const errorResponse = { description: 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  const success: Record<string, unknown> = {
    'application/json': { schema: toSchema(successEnvelope(endpoint.result), 'output') },
  };
  for (const type of endpoint.produces ?? []) if (type !== 'application/json') success[type] = { schema: { type: 'string', format: 'binary' } };

  return {
    operationId: name,
    summary: endpoint.scope ? `${endpoint.summary} (scope ${endpoint.scope})` : endpoint.summary,
    tags: [endpoint.tag],
    // A public call says so (an empty list), rather than leaving a reader to guess at a default.
    security: security(endpoint) ? [{ [security(endpoint)!]: endpoint.scope ? [endpoint.scope] : [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } } } } : {}),
    responses: {
      200: { description: endpoint.method === 'PUT' ? 'Updated (`created: false`)' : 'Success', content: success },
      ...(endpoint.method === 'PUT' ? { 201: { description: 'Created (`created: true`)', content: success } } : {}),
      400: { ...errorResponse, description: 'The input is not valid; `fields` says which' },
      ...(endpoint.access === 'public' ? {} : { 401: { ...errorResponse, description: 'Not signed in, or the token is not valid' } }),
      ...(endpoint.access === 'admin' || endpoint.access === 'billing'
        ? { 403: { ...errorResponse, description: `Only for the ${endpoint.access} group` } }
        : {}),
      ...(endpoint.access === 'technical' ? { 403: { ...errorResponse, description: 'Only for the admin and technical groups' } } : {}),
      ...(endpoint.access === 'provider' ? { 403: { ...errorResponse, description: `The API key lacks the scope ${endpoint.scope}` } } : {}),
      ...(endpoint.params ? { 404: { ...errorResponse, description: 'No such item in your account' } } : {}),
      429: { ...errorResponse, description: 'Too many requests' },
    },
  };
}

const idempotencyKeyHeader = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Optional. A new random value (a UUID) for each payment, sent again when the same payment is retried: a request with a key already used answers with that first payment and charges nothing more (409 if the key was used for a different payment). Without a key a request is a single attempt.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_SHAPE.source },
};

/** Headers an operation takes besides the token, by operationId: the contract describes none (docs/decisions/0014). */
const HEADER_PARAMETERS: Partial<Record<string, object[]>> = {
  payWithNewCard: [idempotencyKeyHeader],
  payWithStoredCard: [idempotencyKeyHeader],
};

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
