import type { z } from 'zod';
import type { ProviderScope } from './provider/scopes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, decided on the server before the handler runs.
 * - public: anyone
 * - user: a signed-in contact with a valid access token
 * - admin / billing: a signed-in contact whose flag is set *in the database now*
 * - technical: a signed-in administrator or technical contact (admin_group or technical_group, in the
 *   database now): the support tools and a read-only view of the IT assets (docs/decisions/0031)
 * - refresh: a refresh token as bearer
 * - reset: a password-reset token as bearer
 * - provider: a provider API key as bearer, holding the endpoint's `scope` (never a customer's token)
 */
export type EndpointAccess = 'public' | 'user' | 'admin' | 'billing' | 'technical' | 'refresh' | 'reset' | 'provider';

export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Accepts extends z.ZodType = Result,
> {
  method: HttpMethod;
  /** Path under the API base, with `:name` parameters, e.g. `/crm/contacts/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: EndpointAccess;
  /** The API-key scope a `provider` endpoint requires (a `:write` scope also grants `:read`). */
  scope?: ProviderScope;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The schema of `result` inside the success envelope: what this server answers, every field of ours included. */
  result: Result;
  /**
   * What a client accepts as `result`, where it is wider than what this server answers: the spec's
   * fields (docs/product.md §3) required, in types as wide as the spec allows, and this server's
   * additions optional. The web app parses every answer with it, so it works against any portal
   * API that answers as the spec describes (docs/decisions/0029). Defaults to `result`.
   */
  accepts?: Accepts;
  /** Responses that are not JSON (a file download). */
  produces?: string[];
}

/** Identity helper that keeps the literal types of an endpoint definition. */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Accepts extends z.ZodType = Result,
>(endpoint: Endpoint<Params, Query, Body, Result, Accepts>): Endpoint<Params, Query, Body, Result, Accepts> {
  return endpoint;
}

/** What this server answers (its handlers return it; its tests parse it). */
export type ResultOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R, z.ZodType> ? z.output<R> : never;
/** What a client may rely on (the web app's type of every answer): `accepts`, or `result` where they are the same. */
export type AcceptedResultOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, infer A> ? z.output<A> : never;

/** The schema a client parses an answer's `result` with. */
export function acceptedResultOf<E extends Endpoint>(endpoint: E): z.ZodType {
  return endpoint.accepts ?? endpoint.result;
}
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;

/** Fills `:name` placeholders of a path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The same path in OpenAPI form: `/crm/contacts/{id}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
