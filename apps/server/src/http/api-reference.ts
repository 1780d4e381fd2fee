import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { apiReferences } from './openapi.js';

/** Headers that belong to one connection, or that the portal's own server sets for the answer it sends on. */
const NOT_PASSED_ON = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'host']);

/**
 * The API references (Swagger UI over the OpenAPI documents generated from the contract) at their prefixes, served by
 * a small Fastify app of their own that is made when a reference is first asked for: an instance nobody reads the
 * reference on never loads @fastify/swagger, its UI and `yaml` (about 90 modules; issue 34, an instance's start). Each
 * request under a prefix is passed to that app in memory (`inject`), its answer sent on as it came, so the portal's
 * own hooks (security headers, compression, the request log) still apply to it.
 */
export function registerApiReferences(app: FastifyInstance, providerName: string): void {
  const references = apiReferences(providerName);
  let referenceApp: Promise<FastifyInstance> | undefined;
  const madeReferenceApp = () => {
    referenceApp ??= import('./api-reference-app.js')
      .then(({ buildApiReferenceApp }) => buildApiReferenceApp(references))
      .catch((error: unknown) => {
        referenceApp = undefined;
        throw error;
      });
    return referenceApp;
  };
  const passOn = async (request: FastifyRequest, reply: FastifyReply) => {
    // Asked with GET for a HEAD too: Fastify's HEAD route measures the body the handler gives, and sends none of it.
    const answer = await (await madeReferenceApp()).inject({ method: 'GET', url: request.url, headers: passedOn(request.headers) });
    // What the references do not have is the portal's own 404, in its envelope.
    if (answer.statusCode === 404) return reply.callNotFound();
    return reply.code(answer.statusCode).headers(passedOn(answer.headers)).send(answer.rawPayload);
  };
  for (const { prefix } of references) {
    app.get(prefix, passOn);
    app.get(`${prefix}/*`, passOn);
  }
}

function passedOn<Headers extends OutgoingHttpHeaders>(headers: Headers): Headers {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_PASSED_ON.has(name.toLowerCase()))) as Headers;
}
