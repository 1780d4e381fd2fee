import { describe, expect, it } from 'vitest';
import { asset, order, payment, service, supportTool, ticketSummary } from './index.js';
import { findTextProblem, multiLineText, singleLineText } from './index.js';

describe('response values the spec lets grow', () => {
  const cases: [string, { safeParse(value: unknown): { success: boolean } }, Record<string, unknown>, string][] = [
    ['service status', service, { status: 'archived' }, 'status'],
    ['service provision status', service, { provision_status: 'migrating' }, 'provision_status'],
    ['service item type', service, { item_type: 'sip_trunk' }, 'item_type'],
    ['ticket status', ticketSummary, { status: 'Waiting on Customer' }, 'status'],
    ['ticket priority', ticketSummary, { priority: 'critical' }, 'priority'],
    ['order status', order, { status: 'on_hold' }, 'status'],
    ['payment type', payment, { payment_type: 'wire' }, 'payment_type'],
    ['asset status', asset, { status: 'lost' }, 'status'],
    ['support tool type', supportTool, { type: 'backup_agent' }, 'type'],
  ];

  it.each(cases)('keeps an unknown %s instead of rejecting the answer', (_name, schema, change) => {
    const shape = (schema as unknown as { shape: Record<string, unknown> }).shape;
    expect(shape).toBeDefined();
    // A known-good value of every field is not needed here: only the changed field's schema is checked.
    const [field, value] = Object.entries(change)[0]!;
    const fieldSchema = shape[field] as { safeParse(value: unknown): { success: boolean; data?: unknown } };
    const parsed = fieldSchema.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toBe(value);
    expect(fieldSchema.safeParse(42).success).toBe(false);
  });
});

describe('text fields', () => {
  it('refuses NUL and other control characters, and line breaks in one-line fields', () => {
    const name = singleLineText('First name');
    expect(name.safeParse('Mary').success).toBe(true);
    expect(name.safeParse('Ma\u0000ry').error?.issues[0]?.message).toBe('First name must not contain control characters');
    expect(name.safeParse('Ma\u0085ry').success).toBe(false);
    expect(name.safeParse('Ma\nry').error?.issues[0]?.message).toBe('First name must be on one line');
    const notes = multiLineText('Notes');
    expect(notes.safeParse('line one\n\tline two\r\n').success).toBe(true);
    expect(notes.safeParse('bell\u0007').success).toBe(false);
    expect(notes.safeParse('Ünïcödé ✓ 😀').success).toBe(true);
  });

  it('finds a control character anywhere in a request, keys included, with its path', () => {
    expect(findTextProblem({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual({ path: ['b', 0, 'c'], problem: 'control_characters' });
    expect(findTextProblem({ ['k\u0001']: 1 })).toEqual({ path: ['k\u0001'], problem: 'control_characters' });
    expect(findTextProblem({ a: 'line\nbreak', b: 3, c: null })).toBeUndefined();
  });

  it('finds a lone UTF-16 surrogate, high or low, in a value or a key; a whole pair and non-characters pass', () => {
    expect(findTextProblem({ user: { email: 'a\ud800@b.example' } })).toEqual({ path: ['user', 'email'], problem: 'lone_surrogate' });
    expect(findTextProblem(['ok', 'tail\udc00'])).toEqual({ path: [1], problem: 'lone_surrogate' });
    expect(findTextProblem({ ['\udbff']: 'x' })).toEqual({ path: ['\udbff'], problem: 'lone_surrogate' });
    expect(findTextProblem({ emoji: 'printer \ud83d\udda8', nonCharacters: '\ufffe\uffff\ufdd0' })).toBeUndefined();
  });

  it('the text types refuse a lone surrogate with a message naming the field', () => {
    expect(singleLineText('Subject').safeParse('a\ud800').error?.issues[0]?.message).toBe(
      'Subject must be valid Unicode text: it holds half of a character (a lone UTF-16 surrogate)',
    );
    expect(multiLineText('Response').safeParse('\udc00 tail').success).toBe(false);
    expect(multiLineText('Response').safeParse('fine \ud83d\ude00').success).toBe(true);
  });
});
