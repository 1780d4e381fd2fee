/**
 * A small typed client for the portal's provider API (/api/provider/v1), for a provider's
 * developer to copy into their PSA or billing sync. Its types come from the portal's contract
 * (`@portal/contract`): every endpoint's path parameters, query, body and result.
 *
 *   const portal = createProviderClient({ baseUrl: 'https://portal.example.com', apiKey: process.env.PORTAL_API_KEY! });
 *   const { created } = await portal.call('providerPutAccount', { params: { external_id: 'crm-1001' }, body: { name: 'Initech' } });
 *   for await (const ticket of portal.each('providerListTickets', { params: { account_external_id: 'crm-1001' }, query: { updated_since } })) { … }
 *
 * It needs only `fetch` (Node 18+, browsers, Deno, Bun).
 */
import {
  buildPath,
  errorEnvelope,
  providerEndpoints,
  type BodyOf,
  type ParamsOf,
  type ProviderEndpointName,
  type QueryOf,
  type ResultOf,
} from '@portal/contract';

/** Every API path is under /api; the provider's are under /api/provider/v1 (their contract paths carry /provider/v1). */
const API_BASE_PATH = '/api';

type EndpointOf<N extends ProviderEndpointName> = (typeof providerEndpoints)[N];

/** What one call sends: the path parameters, query and body its endpoint takes. */
// An endpoint without path parameters, query or body has the contract's default (any schema): `unknown`.
export type CallInput<N extends ProviderEndpointName> = (unknown extends ParamsOf<EndpointOf<N>>
  ? { params?: undefined }
  : { params: ParamsOf<EndpointOf<N>> }) &
  (unknown extends QueryOf<EndpointOf<N>> ? { query?: undefined } : { query?: QueryOf<EndpointOf<N>> }) &
  (unknown extends BodyOf<EndpointOf<N>> ? { body?: undefined } : { body: BodyOf<EndpointOf<N>> });

/** A refusal of the portal: its HTTP status, its message, and which fields were wrong (`items.3.subject`). */
export class ProviderApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderApiError';
  }
}

export interface ProviderClientOptions {
  /** The portal's address, e.g. https://portal.example.com (without /api). */
  baseUrl: string;
  /** A key made with `npm run portal -- api-key create …` (ppk_…). */
  apiKey: string;
  fetch?: typeof fetch;
}

export function createProviderClient({ baseUrl, apiKey, fetch: fetchImpl = globalThis.fetch }: ProviderClientOptions) {
  const root = baseUrl.replace(/\/+$/, '') + API_BASE_PATH;

  /** Calls one endpoint by name; answers the result and the status (201 when a PUT created the record). */
  async function call<N extends ProviderEndpointName>(name: N, input: CallInput<N>): Promise<{ status: number; result: ResultOf<EndpointOf<N>> }> {
    const endpoint = providerEndpoints[name];
    const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
    const url = `${root}${buildPath(endpoint.path, params ?? {})}${search.size > 0 ? `?${search}` : ''}`;
    const response = await fetchImpl(url, {
      method: endpoint.method,
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const failure = errorEnvelope.safeParse(payload);
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ProviderApiError(
        response.status,
        failure.success ? failure.data.message : `The portal answered ${response.status}`,
        failure.success ? (failure.data.fields ?? {}) : {},
        failure.success ? failure.data.code : undefined,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return { status: response.status, result: (payload as { result: ResultOf<EndpointOf<N>> }).result };
  }

  type ListName = {
    [N in ProviderEndpointName]: ResultOf<EndpointOf<N>> extends { items: unknown[]; next_cursor: string | null } ? N : never;
  }[ProviderEndpointName];
  type ItemOf<N extends ListName> = ResultOf<EndpointOf<N>> extends { items: (infer Item)[] } ? Item : never;

  /** Every item of a list, page after page (the cursor is followed for you). */
  async function* each<N extends ListName>(name: N, input: CallInput<N>): AsyncGenerator<ItemOf<N>> {
    let cursor: string | undefined;
    do {
      const query = { ...((input as { query?: object }).query ?? {}), ...(cursor ? { cursor } : {}) };
      const { result } = await call(name, { ...input, query } as CallInput<N>);
      const page = result as unknown as { items: ItemOf<N>[]; next_cursor: string | null };
      yield* page.items;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  return { call, each };
}
export type ProviderClient = ReturnType<typeof createProviderClient>;
