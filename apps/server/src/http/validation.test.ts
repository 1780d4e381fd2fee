import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../platform/app-error.js';
import { parseInput } from './validation.js';

const schema = z.object({
  username: z.string().min(1, 'Username is required'),
  tool_id: z.number(),
  nested: z.object({ amount: z.number().positive('Amount must be greater than 0') }),
});

describe('input validation', () => {
  it('names every failing field, with "is required" for missing ones', () => {
    try {
      parseInput(schema, { nested: { amount: -1 } }, 'body');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.code).toBe('validation_failed');
      expect(appError.fields).toEqual({ username: 'Username is required', tool_id: 'Tool id is required', 'nested.amount': 'Amount must be greater than 0' });
      expect(appError.message).toBe('Username is required (and 2 more)');
    }
  });

  it('keeps the schema message for a present but wrong value', () => {
    expect(() => parseInput(schema, { username: 5, tool_id: 1, nested: { amount: 1 } }, 'body')).toThrow(/expected string, received number/);
  });

  it('treats a missing body as an empty object', () => {
    expect(() => parseInput(schema, undefined, 'body')).toThrow(AppError);
    expect(parseInput(z.object({ optional: z.string().optional() }), undefined, 'body')).toEqual({});
  });
});
