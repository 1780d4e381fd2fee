import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone';

describe('formatPhone', () => {
  it('shows North American numbers in the national form and others with their country code', () => {
    expect(formatPhone('+16175550100')).toBe('(617) 555-0100');
    expect(formatPhone('617-555-0100')).toBe('(617) 555-0100');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('leaves what it cannot read as it was given, and dials the E.164 form', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(phoneHref('(617) 555-0100')).toBe('tel:+16175550100');
  });
});
