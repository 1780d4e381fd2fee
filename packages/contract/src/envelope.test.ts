import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedSuccessEnvelope } from './envelope.js';

describe('acceptedSuccessEnvelope: a successful answer as any spec-shaped API sends it', () => {
  const envelope = acceptedSuccessEnvelope(z.object({ total_count: z.number() }));

  it('reads the result from `result`, as this server sends it', () => {
    expect(envelope.parse({ errors: false, result: { total_count: 3 }, message: 'ok' })).toEqual({ result: { total_count: 3 }, message: 'ok' });
  });

  it('reads it from `data` when there is no `result` (spec §7: "result or data")', () => {
    expect(envelope.parse({ errors: false, data: { total_count: 4 } }).result).toEqual({ total_count: 4 });
  });

  it('prefers `result` when both are there, and takes an answer without `errors`', () => {
    expect(envelope.parse({ result: { total_count: 1 }, data: { total_count: 2 } }).result).toEqual({ total_count: 1 });
  });

  it('keeps a null result as null rather than falling through to `data`', () => {
    expect(acceptedSuccessEnvelope(z.null()).parse({ errors: false, result: null, data: 'x' }).result).toBeNull();
  });

  it('refuses an error envelope and a result of the wrong shape, naming the path', () => {
    expect(envelope.safeParse({ errors: true, message: 'no' }).success).toBe(false);
    const wrong = envelope.safeParse({ errors: false, data: { total_count: 'three' } });
    expect(wrong.error?.issues[0]?.path).toEqual(['result', 'total_count']);
  });
});
