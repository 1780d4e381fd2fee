import { describe, expect, it } from 'vitest';
import { accessTokenExpiry } from './access-token-expiry';

const NOW = Date.parse('2026-11-21T12:00:00.500Z');
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const aJwt = (claims: unknown) => `${base64url({ alg: 'HS256', typ: 'at+jwt' })}.${base64url(claims)}.signature`;

describe('the expiry of an access token whose sign-in answer did not give one', () => {
  it('is the exp claim of a JWT', () => {
    expect(accessTokenExpiry(aJwt({ sub: '7', exp: 1_900_000_000 }), NOW)).toEqual({ exp: 1_900_000_000, expireDate: '2030-03-17T17:46:40.000Z' });
  });

  it('is now for a token that is no JWT, or whose exp is missing or not a number', () => {
    const expiringNow = { exp: Math.floor(NOW / 1000), expireDate: '2026-11-21T12:00:00.000Z' };
    expect(accessTokenExpiry('spec-access-token', NOW)).toEqual(expiringNow);
    expect(accessTokenExpiry(aJwt({ sub: '7' }), NOW)).toEqual(expiringNow);
    expect(accessTokenExpiry(aJwt({ exp: '1900000000' }), NOW)).toEqual(expiringNow);
    expect(accessTokenExpiry('a.%%%not-base64%%%.c', NOW)).toEqual(expiringNow);
    expect(accessTokenExpiry(`a.${base64url('just a string')}.c`, NOW)).toEqual(expiringNow);
  });
});
