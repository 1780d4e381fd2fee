import { endpoints, errorEnvelope, successEnvelope, toOpenApiPath, z, type Endpoint } from '@portal/contract';
import { API_BASE } from './register-endpoints.js';

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.1 document, generated from the same zod definitions the server validates with. */
export function buildOpenApiDocument(info: { title: string; version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const path = API_BASE + toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Every response is an envelope: `{ errors: false, result, message? }` on success, `{ errors: true, message, fields?, code? }` with a 4xx/5xx status on failure. Authenticated calls send `Authorization: Bearer <access token>`.',
    },
    servers: [{ url: info.serverUrl }],
    components: {
      securitySchemes: {
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
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(security(endpoint) ? { security: [{ [security(endpoint)!]: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: {
      200: { description: 'Success', content: success },
      400: { ...errorResponse, description: 'The input is not valid; `fields` says which' },
      ...(endpoint.access === 'public' ? {} : { 401: { ...errorResponse, description: 'Not signed in, or the token is not valid' } }),
      ...(endpoint.access === 'admin' || endpoint.access === 'billing'
        ? { 403: { ...errorResponse, description: `Only for the ${endpoint.access} group` } }
        : {}),
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
