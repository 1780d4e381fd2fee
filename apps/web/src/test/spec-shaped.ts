import { buildPath } from '@portal/contract';
import { specShapedCalls, type SpecShapedCall, type SpecShapedCallName } from '@portal/contract/spec-shaped';
import { jsonResponse } from './fixtures';

/**
 * The stub routes ("METHOD /api/path", as `stubApi` takes them) that answer the named calls of the
 * spec with their spec-shaped answers (packages/contract/src/spec-shaped): the screen then sees a
 * portal API that answers exactly as the spec describes, with none of this server's additions.
 */
export function specShapedRoutes(...names: SpecShapedCallName[]): Record<string, () => Response> {
  return Object.fromEntries(names.map((name) => [routeKeyOf(specShapedCalls[name]), () => specShapedResponse(name)]));
}

/** "GET /api/billing/account/BA-1001": a call's stub key, with the table's example parameters. */
export function routeKeyOf(call: SpecShapedCall): string {
  return `${call.endpoint.method} /api${buildPath(call.endpoint.path, call.params)}`;
}

/** A fresh response carrying the call's spec-shaped answer, in `result` or (§7, tickets) `data`. */
export function specShapedResponse(name: SpecShapedCallName): Response {
  const call: SpecShapedCall = specShapedCalls[name];
  return jsonResponse({ errors: false, [call.carriedIn ?? 'result']: call.answer });
}
