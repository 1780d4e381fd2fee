import { describe, expect, it } from 'vitest';
import { assetDate, vendorAndModel } from './inventory-display';

describe('inventory display', () => {
  it('writes asset dates in the en-US short form, and N/A when there is none', () => {
    expect(assetDate('2026-01-15')).toBe('1/15/2026');
    expect(assetDate(null)).toBe('N/A');
    expect(assetDate(null, 'Never')).toBe('Never');
  });

  it('names an asset by vendor and model, or whichever is known', () => {
    expect(vendorAndModel({ vendor: 'Lenovo', model: 'ThinkPad T14' })).toBe('Lenovo ThinkPad T14');
    expect(vendorAndModel({ vendor: null, model: 'T14' })).toBe('T14');
    expect(vendorAndModel({ vendor: null, model: null })).toBe('—');
  });
});
