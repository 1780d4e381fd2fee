import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@portal/contract';

/** Whom a one-click unsubscribe link stands for, and from what; all of it is covered by the signature. */
export interface UnsubscribeClaims {
  accountId: number;
  contactId: number;
  category: NotificationCategory;
}

export interface UnsubscribeSigner {
  sign(claims: UnsubscribeClaims): string;
  /** The claims of a token this server signed, or undefined for anything altered or made up. */
  verify(token: string): UnsubscribeClaims | undefined;
}

const VERSION = 'un1';
const PART = /^[a-z0-9]+$/;

/**
 * The per-user, per-category unsubscribe link of a notification mail (RFC 8058, decision 0046): it works signed out,
 * so it is `un1.<account>.<contact>.<category>.<signature>`, HMAC-SHA256 under a key derived from the token secret
 * for this purpose only. It does not expire (a mail may be read months later) and does nothing but switch one
 * category's mail off for one user; a new token secret retires every link.
 */
export function createUnsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = createHmac('sha256', secret).update('notification-unsubscribe-link').digest();
  const signatureOf = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign({ accountId, contactId, category }) {
      const body = [VERSION, accountId.toString(36), contactId.toString(36), category].join('.');
      return `${body}.${signatureOf(body)}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
      const [, account, contact, category, signature] = parts as [string, string, string, string, string];
      if (!PART.test(account) || !PART.test(contact) || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return undefined;
      const expected = Buffer.from(signatureOf(parts.slice(0, 4).join('.')));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { accountId: Number.parseInt(account, 36), contactId: Number.parseInt(contact, 36), category: category as NotificationCategory };
    },
  };
}

/** A recipient's two ways out of a category's mail: the API's POST (List-Unsubscribe) and the portal page a person opens. */
export interface UnsubscribeAddresses {
  oneClick: string;
  page: string;
}

export function unsubscribeAddresses(signer: UnsubscribeSigner, publicUrl: string, claims: UnsubscribeClaims): UnsubscribeAddresses {
  const token = signer.sign(claims);
  return { oneClick: `${publicUrl}/api/portal/unsubscribe?token=${token}`, page: `${publicUrl}/unsubscribe?link=${token}` };
}

/** The header pair a mail program needs to offer one-click unsubscribe (RFC 8058). */
export const oneClickUnsubscribeHeaders = (addresses: UnsubscribeAddresses): Record<string, string> => ({
  'List-Unsubscribe': `<${addresses.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
