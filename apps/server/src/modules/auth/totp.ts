import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@portal/contract';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; a 160-bit secret (RFC 4226). */
const PERIOD_SECONDS = 30;
/** One step either side of now: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;

const totpOf = (secretBase32: string, label = 'portal', issuer = 'portal') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, label: string, issuer: string): string {
  return totpOf(secretBase32, label, issuer).toString();
}

/** The QR code of the URI as an SVG `data:` URL, drawn here so the browser's bundle carries no QR encoder. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // Loaded with the first enrolment, not with the server (issue 34: start-up and idle memory).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The 30-second step the code belongs to (now, or one step before or after), or null when it is not a code of the secret. */
export function stepOfCode(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes: 16 characters of Crockford's base32 (no i, l, o, u; 80 bits each), shown as four groups of four. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  });
}

export const showRecoveryCode = (code: string) => code.match(/.{4}/g)!.join('-');
