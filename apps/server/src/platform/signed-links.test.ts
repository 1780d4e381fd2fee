import { describe, expect, it } from 'vitest';
import { createToolLinkSigner } from './signed-links.js';

describe('support-tool link signer', () => {
  const signer = createToolLinkSigner('x'.repeat(40));
  const claims = { accountId: 42, toolId: 7, os: 'linux' as const, expiresAt: new Date('2026-12-01T10:00:00Z') };

  it('verifies what it signed, with every claim, and makes every link different', () => {
    const token = signer.sign(claims);
    expect(signer.verify(token)).toEqual(claims);
    expect(signer.sign(claims)).not.toBe(token);
    expect(signer.verify(signer.sign({ ...claims, os: null }))).toMatchObject({ os: null });
  });

  it('refuses another secret, any changed part, and junk', () => {
    const token = signer.sign(claims);
    expect(createToolLinkSigner('y'.repeat(40)).verify(token)).toBeUndefined();
    const parts = token.split('.');
    for (let i = 0; i < parts.length; i += 1) {
      const changed = parts.map((part, j) => (j === i ? `${part}x` : part)).join('.');
      expect(signer.verify(changed), `part ${i}`).toBeUndefined();
    }
    for (const junk of ['', 'tl1', 'a.b.c.d.e.f.g', `${token}.extra`, token.replace('tl1', 'tl2')]) expect(signer.verify(junk)).toBeUndefined();
  });
});
