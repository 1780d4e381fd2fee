import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed', () => {
    expect(box.open(box.seal('correct horse battery staple'))).toBe('correct horse battery staple');
  });

  it('uses a fresh nonce for every value, so equal secrets do not look equal at rest', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
  });

  it('refuses a value sealed with another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => box.open(other.seal('secret'))).toThrow();
  });

  it('refuses a key of the wrong size', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
