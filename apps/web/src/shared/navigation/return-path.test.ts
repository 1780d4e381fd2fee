import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, pathAfterSignIn, safeReturnPath } from './return-path';

describe('the address to return to after sign-in', () => {
  it.each([
    ['/tickets/42', '/tickets/42'],
    ['/tickets?status=closed&sort=priority&q=printer', '/tickets?status=closed&sort=priority&q=printer'],
    ['/tickets/42?status=closed#conversation', '/tickets/42?status=closed#conversation'],
    ['/it-assets?tab=credentials', '/it-assets?tab=credentials'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/tickets/../billing', '/billing'],
  ])('accepts the portal path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/tickets'],
    ['an absolute https URL', 'https://evil.example/tickets'],
    ['an absolute http URL', 'http://evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later on', '/tickets\\..\\..\\evil'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'tickets/42'],
    ['a tab the browser would strip', '/\t/evil.example'],
    ['a line break the browser would strip', '/\n/evil.example'],
    ['a null byte', '/tickets\u0000'],
    ['the sign-in page', '/login?next=/tickets'],
    ['the password-change page', '/page-change-password?token=abc'],
    ['the forgot-password page', '/forgot-password'],
    ['something absurdly long', `/${'a'.repeat(2_001)}`],
  ])('refuses %s', (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('sends a signed-out visit to /login with the path and query to come back to', () => {
    expect(loginPathReturningTo({ pathname: '/tickets/42', search: '?status=closed' })).toBe('/login?next=%2Ftickets%2F42%3Fstatus%3Dclosed');
    expect(loginPathReturningTo({ pathname: '/', search: '' })).toBe('/login');
    expect(loginPathReturningTo({ pathname: '/apps', search: '' })).toBe('/login');
    expect(loginPathReturningTo({ pathname: '/login', search: '' })).toBe('/login');
    expect(loginPathReturningTo({ pathname: '//evil.example', search: '' })).toBe('/login');
    // An address the portal does not have is the plain /login (docs/product.md §2).
    expect(loginPathReturningTo({ pathname: '/no/such/page', search: '' }, (path) => path.startsWith('/tickets'))).toBe('/login');
    expect(loginPathReturningTo({ pathname: '/tickets/42', search: '' }, (path) => path.startsWith('/tickets'))).toBe('/login?next=%2Ftickets%2F42');
  });

  it('never carries a one-time sign-in token along', () => {
    expect(safeReturnPath('/tickets/42?token=abc&status=closed')).toBe('/tickets/42?status=closed');
    expect(loginPathReturningTo({ pathname: '/apps', search: '?token=abc' })).toBe('/login');
  });

  it('lands on the safe `next`, or on /apps', () => {
    expect(pathAfterSignIn('?next=%2Ftickets%2F42%3Fstatus%3Dclosed')).toBe('/tickets/42?status=closed');
    expect(pathAfterSignIn('?next=%2F%2Fevil.example')).toBe('/apps');
    expect(pathAfterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/apps');
    expect(pathAfterSignIn('?next=%2F%5Cevil.example')).toBe('/apps');
    expect(pathAfterSignIn('')).toBe('/apps');
  });
});
