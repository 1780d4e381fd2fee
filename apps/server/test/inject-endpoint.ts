import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Endpoint } from '@portal/contract';

/** What the contract-generated tests read of an answer. */
export interface InjectedAnswer {
  statusCode: number;
  body: string;
  json(): unknown;
}

const isStream = (endpoint: Endpoint) => endpoint.produces?.includes('text/event-stream') ?? false;

/**
 * `app.inject` for any endpoint of the contract. A live stream (text/event-stream) never ends by itself, so its
 * answer is taken as it begins: a refusal is read whole (it is an ordinary JSON answer), an open stream up to its
 * first message and then left (the app's close ends it).
 */
export async function injectEndpoint(app: FastifyInstance, endpoint: Endpoint, options: InjectOptions): Promise<InjectedAnswer> {
  if (!isStream(endpoint)) return app.inject(options);
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (response.statusCode < 400) break;
  }
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) };
}
