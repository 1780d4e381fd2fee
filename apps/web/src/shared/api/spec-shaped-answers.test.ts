import type { Endpoint } from '@portal/contract';
import { specShapedCalls, type SpecShapedCall } from '@portal/contract/spec-shaped';
import { describe, expect, it } from 'vitest';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { aStoredSession } from '../../test/fixtures';
import { specShapedResponse } from '../../test/spec-shaped';
import { writeSession } from '../session/session-store';
import { apiCall } from './api-client';

const network = stubFetchForEachTest();

/** The JSON calls of the spec (the build-and-download variant answers a file: the support tools' tests cover it). */
const jsonCalls = Object.entries(specShapedCalls as Record<string, SpecShapedCall>).filter(([, call]) => call.answer !== 'file');

/*
 * Generated from the one table of spec-shaped calls (packages/contract/src/spec-shaped): each call of
 * docs/product.md §7, answered with exactly the spec's fields, reaches the screen that made it as
 * data, not as "the answer did not match" (docs/decisions/0029). The screens' own spec-shaped tests
 * then show what each screen makes of these answers.
 */
describe('every call of the spec, answered exactly as the spec describes', () => {
  it.each(jsonCalls)('%s: the API client accepts the spec-shaped answer', async (name, call) => {
    writeSession(aStoredSession());
    network.fetch.mockImplementation(async () => specShapedResponse(name as keyof typeof specShapedCalls));

    const endpoint: Endpoint = call.endpoint;
    const result = await apiCall(endpoint, { params: call.params, query: call.query, body: call.body } as never);

    expect(network.fetch).toHaveBeenCalledTimes(1);
    if (call.answer === null) expect(result ?? null).toBeNull();
    else expect(result).toBeDefined();
  });
});
