import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, createTokenService, hashToken, randomToken } from './tokens.js';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const claims = { contactId: 7, accountId: 3, sessionId: '5f1c7c9e-1111-4222-8333-444455556666' };

describe('access tokens', () => {
  const tokens = createTokenService(secret);

  it('round-trips the claims of a fresh token', async () => {
    const { token, expiresAt } = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
  });

  it('refuses an expired token', async () => {
    const { token } = await tokens.signAccessToken(claims, new Date(Date.now() - 60 * 60 * 1000));
    expect(await tokens.verifyAccessToken(token)).toBeUndefined();
  });

  describe('once verified (kept to spare the HMAC on every request)', () => {
    afterEach(() => vi.useRealTimers());

    it('is still refused when it expires', async () => {
      const { token, expiresAt } = await tokens.signAccessToken(claims);
      expect(await tokens.verifyAccessToken(token)).toEqual(claims);
      vi.useFakeTimers({ now: expiresAt.getTime() + 1_000, toFake: ['Date'] });
      expect(await tokens.verifyAccessToken(token)).toBeUndefined();
    });

    it('does not vouch for the same claims under another signature', async () => {
      const { token } = await tokens.signAccessToken(claims);
      expect(await tokens.verifyAccessToken(token)).toEqual(claims);
      const [header, body, signature] = token.split('.');
      const forged = `${header}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await tokens.verifyAccessToken(forged)).toBeUndefined();
    });

    it('hands out a copy, so a caller cannot change what the next request sees', async () => {
      const { token } = await tokens.signAccessToken(claims);
      const first = await tokens.verifyAccessToken(token);
      first!.contactId = 999;
      expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    });
  });

  it('refuses a token signed with another key', async () => {
    const { token } = await createTokenService(`${secret}-other`).signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toBeUndefined();
  });

  it('refuses a correctly signed JWT of another type or audience', async () => {
    const key = new TextEncoder().encode(secret);
    const base = () => new SignJWT({ acc: 3, sid: claims.sessionId }).setSubject('7').setIssuer('customer-portal').setIssuedAt().setExpirationTime('5m');
    const wrongType = await base().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setAudience('portal-api').sign(key);
    const wrongAudience = await base().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('voice-app').sign(key);
    expect(await tokens.verifyAccessToken(wrongType)).toBeUndefined();
    expect(await tokens.verifyAccessToken(wrongAudience)).toBeUndefined();
  });

  it('refuses an unsigned token (alg none) and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '7', acc: 3, sid: 'x', aud: 'portal-api', iss: 'customer-portal', exp: 9999999999, iat: 1 })).toString(
      'base64url',
    );
    expect(await tokens.verifyAccessToken(`${header}.${body}.`)).toBeUndefined();
    expect(await tokens.verifyAccessToken('not.a.token')).toBeUndefined();
  });
});

describe('opaque tokens', () => {
  it('are 256 random bits, and only their hash is kept', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it('reads a bearer header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   xyz ')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
