import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed attachment link stands for; all of it is covered by the signature. */
export interface AttachmentLinkClaims {
  attachmentId: number;
  accountId: number;
  expiresAt: Date;
}

export interface AttachmentLinkSigner {
  sign(claims: AttachmentLinkClaims): string;
  /** The claims of a token this server signed and that has not expired; undefined for anything else. */
  verify(token: string, now?: Date): AttachmentLinkClaims | undefined;
}

const VERSION = 'al1';
const TOKEN = /^al1\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The download links outgoing webhooks carry instead of a file's bytes (docs/decisions/0047):
 * `al1.<attachment>.<account>.<expiry seconds>.<HMAC-SHA256>` under a key derived from the server's token secret for
 * this purpose only, so no other token verifies as one and no part can be changed. Stateless: any instance checks it.
 */
export function createAttachmentLinkSigner(secret: string): AttachmentLinkSigner {
  const key = createHmac('sha256', secret).update('ticket-attachment-download-link').digest();
  const signatureOf = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign({ attachmentId, accountId, expiresAt }) {
      const body = [VERSION, attachmentId, accountId, Math.floor(expiresAt.getTime() / 1000)].join('.');
      return `${body}.${signatureOf(body)}`;
    },
    verify(token, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return undefined;
      const [, id, account, expiry, signature] = match;
      const expected = Buffer.from(signatureOf([VERSION, id, account, expiry].join('.')));
      const given = Buffer.from(signature!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const expiresAt = new Date(Number(expiry) * 1000);
      if (expiresAt <= now) return undefined;
      return { attachmentId: Number(id), accountId: Number(account), expiresAt };
    },
  };
}
