import { describe, expect, it } from 'vitest';
import { acceptedResultOf } from '../endpoint.js';
import { acceptedSuccessEnvelope } from '../envelope.js';
import { specShapedCalls, type SpecShapedCall } from './calls.js';

const calls = Object.entries(specShapedCalls as Record<string, SpecShapedCall>);

describe('every call of the spec, shaped exactly as the spec describes it (docs/decisions/0029)', () => {
  it.each(calls)('%s: the request parses with the endpoint’s own schemas', (_, call) => {
    if (call.body !== undefined) expect(call.endpoint.body?.safeParse(call.body).error).toBeUndefined();
    if (call.query !== undefined) expect(call.endpoint.query?.safeParse(call.query).error).toBeUndefined();
  });

  it.each(calls.filter(([, call]) => call.answer !== 'file'))('%s: a client accepts the spec-shaped answer', (_, call) => {
    const envelope = { errors: false, [call.carriedIn ?? 'result']: call.answer };
    const parsed = acceptedSuccessEnvelope(acceptedResultOf(call.endpoint)).safeParse(envelope);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
