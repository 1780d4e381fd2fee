import { describe, expect, it } from 'vitest';
import { assetDate, passwordStateOf, vendorAndModel } from './inventory-display';

describe('inventory display', () => {
  it('writes asset dates in the en-US short form, and N/A when there is none', () => {
    expect(assetDate('2026-01-15')).toBe('Jan 15, 2026');
    expect(assetDate(null)).toBe('N/A');
    expect(assetDate(null, 'Never')).toBe('Never');
  });

  it('takes a timestamp too, as the day it is written with, and shows what it cannot read as sent', () => {
    expect(assetDate('2027-01-31T00:00:00Z')).toBe('Jan 31, 2027');
    expect(assetDate('2027-01-31T23:30:00-05:00', 'Never')).toBe('Jan 31, 2027');
    expect(assetDate('someday')).toBe('someday');
  });

  it('reads a password as hidden when it is null, whatever else the answer says (docs/product.md §6)', () => {
    expect(passwordStateOf({ password: null })).toEqual({ kind: 'hidden' });
    expect(passwordStateOf({ password: null, password_hidden: false, has_password: true })).toEqual({ kind: 'hidden' });
    expect(passwordStateOf({ password_hidden: true, has_password: true })).toEqual({ kind: 'hidden' });
    expect(passwordStateOf({ password: 'S3cret' })).toEqual({ kind: 'carried', password: 'S3cret' });
    expect(passwordStateOf({ password_hidden: false, has_password: true })).toEqual({ kind: 'revealable' });
    expect(passwordStateOf({ password_hidden: false, has_password: false })).toEqual({ kind: 'none' });
  });

  it('names an asset by vendor and model, or whichever is known', () => {
    expect(vendorAndModel({ vendor: 'Lenovo', model: 'ThinkPad T14' })).toBe('Lenovo ThinkPad T14');
    expect(vendorAndModel({ vendor: null, model: 'T14' })).toBe('T14');
    expect(vendorAndModel({ vendor: null, model: null })).toBe('—');
  });
});

describe('expiries (decision 0033)', () => {
  it('says expired from the day after the date, soon from 30 days before it through the day itself', async () => {
    const { expiryState } = await import('./inventory-display');
    expect(expiryState('2026-11-26', '2026-11-27')).toBe('expired');
    expect(expiryState('2026-11-27', '2026-11-27')).toBe('soon');
    expect(expiryState('2026-12-27', '2026-11-27')).toBe('soon');
    expect(expiryState('2026-12-28', '2026-11-27')).toBe('valid');
    // A timestamp (another portal API's) counts as the day it is written with; nothing to read is no state.
    expect(expiryState('2026-11-26T23:30:00-05:00', '2026-11-27')).toBe('expired');
    expect(expiryState(null, '2026-11-27')).toBeNull();
    expect(expiryState('someday', '2026-11-27')).toBeNull();
  });

  it('takes today in the user’s zone', async () => {
    const { todayIn } = await import('./inventory-display');
    const lateEvening = new Date('2026-11-28T03:00:00Z');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-27');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-11-28');
  });
});
