import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for stored secrets (credential passwords). Each value gets a random 96-bit nonce;
 * the stored form is `v1:<nonce>:<tag>:<ciphertext>` in base64url, so the format can change later.
 */
export interface SecretBox {
  /** Names the key without revealing it (a digest of it); stored beside every value it sealed. */
  id: string;
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The key id: the first 12 hex digits of the key's SHA-256, the same wherever the key is configured. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The vault key must be 32 bytes (AES-256)');
  return {
    id: keyIdOf(key),
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce, tag, ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
    },
    open(sealed) {
      const [version, nonce, tag, ciphertext] = sealed.split(':');
      if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error('Unrecognised sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The current key, which seals, and earlier keys, which still open what they sealed until
 * `npm run portal -- vault-rekey` has sealed everything again under the current one.
 */
export interface VaultKeyRing {
  current: SecretBox;
  open(sealed: string, keyId: string): string;
}

export class UnknownVaultKey extends Error {}

/** The key id of values sealed before ids were kept. */
export const LEGACY_KEY_ID = 'legacy';

export function createVaultKeyRing(current: Buffer, earlier: Buffer[] = []): VaultKeyRing {
  const currentBox = createSecretBox(current);
  const boxes = new Map([currentBox, ...earlier.map((key) => createSecretBox(key))].map((box) => [box.id, box]));
  return {
    current: currentBox,
    open(sealed, keyId) {
      // Sealed before key ids were kept (migration 0005): whichever configured key opens it.
      if (keyId === LEGACY_KEY_ID) {
        for (const box of boxes.values()) {
          try {
            return box.open(sealed);
          } catch {
            // not this key
          }
        }
        throw new UnknownVaultKey('No configured vault key opens this value; add the key it was sealed with to VAULT_OLD_KEYS');
      }
      const box = boxes.get(keyId);
      if (!box) throw new UnknownVaultKey(`No vault key with id ${keyId} is configured; add it to VAULT_OLD_KEYS`);
      return box.open(sealed);
    },
  };
}
