import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OS_TYPES } from '@portal/contract';

export type LinkOs = (typeof OS_TYPES)[number];

/** What a support-tool download link stands for; all of it is covered by the signature. */
export interface ToolLinkClaims {
  accountId: number;
  toolId: number;
  /** The build the link delivers, when it names one. */
  os: LinkOs | null;
  expiresAt: Date;
}

export interface ToolLinkSigner {
  /** A new token: random, carrying the claims, signed with the server's token secret. */
  sign(claims: ToolLinkClaims): string;
  /** The claims of a token this server signed, or undefined for anything altered or made up. Expiry is the caller's to check. */
  verify(token: string): ToolLinkClaims | undefined;
}

const VERSION = 'tl1';
const OS_CODE: Record<LinkOs, string> = { windows: 'w', mac: 'm', linux: 'l' };
const OS_OF_CODE = Object.fromEntries(Object.entries(OS_CODE).map(([os, code]) => [code, os])) as Record<string, LinkOs>;
const PART = /^[A-Za-z0-9_-]+$/;

/**
 * Download links a technician can open without signing in (docs/decisions/0017). The token is
 * `tl1.<nonce>.<account>.<tool>.<os>.<expiry>.<signature>`: HMAC-SHA256 under a key derived from
 * the server's token secret for this purpose only, so no other token of the portal verifies as a
 * link, and changing any part (another account, tool, OS or a later expiry) breaks the signature.
 * Only the token's hash is stored; the nonce makes every link different.
 */
export function createToolLinkSigner(secret: string): ToolLinkSigner {
  const key = createHmac('sha256', secret).update('support-tool-download-link').digest();
  const signatureOf = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    sign({ accountId, toolId, os, expiresAt }) {
      const body = [
        VERSION,
        randomBytes(18).toString('base64url'),
        accountId.toString(36),
        toolId.toString(36),
        os ? OS_CODE[os] : '-',
        Math.floor(expiresAt.getTime() / 1000).toString(36),
      ].join('.');
      return `${body}.${signatureOf(body)}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 7 || parts[0] !== VERSION) return undefined;
      const [, nonce, account, tool, os, expiry, signature] = parts as [string, string, string, string, string, string, string];
      if (![nonce, account, tool, expiry, signature].every((part) => PART.test(part))) return undefined;
      const expected = Buffer.from(signatureOf(parts.slice(0, 6).join('.')));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const accountId = Number.parseInt(account, 36);
      const toolId = Number.parseInt(tool, 36);
      const seconds = Number.parseInt(expiry, 36);
      if (![accountId, toolId, seconds].every(Number.isSafeInteger)) return undefined;
      if (os !== '-' && !(os in OS_OF_CODE)) return undefined;
      return { accountId, toolId, os: os === '-' ? null : OS_OF_CODE[os]!, expiresAt: new Date(seconds * 1000) };
    },
  };
}
