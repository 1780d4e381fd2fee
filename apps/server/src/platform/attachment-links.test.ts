import { describe, expect, it } from 'vitest';
import { createAttachmentLinkSigner } from './attachment-links.js';

describe('signed attachment links', () => {
  const signer = createAttachmentLinkSigner('a secret of the server');
  const inAnHour = new Date(Date.now() + 3_600_000);

  it('verifies its own token until it expires', () => {
    const token = signer.sign({ attachmentId: 42, accountId: 7, expiresAt: inAnHour });
    expect(signer.verify(token)).toMatchObject({ attachmentId: 42, accountId: 7 });
    expect(signer.verify(token, new Date(inAnHour.getTime() + 1000))).toBeUndefined();
  });

  it('refuses a changed part, another secret’s token and anything made up', () => {
    const token = signer.sign({ attachmentId: 42, accountId: 7, expiresAt: inAnHour });
    expect(signer.verify(token.replace('.42.', '.43.'))).toBeUndefined();
    expect(signer.verify(token.replace('.7.', '.8.'))).toBeUndefined();
    expect(createAttachmentLinkSigner('another secret').verify(token)).toBeUndefined();
    expect(signer.verify('al1.1.1.1.x')).toBeUndefined();
    expect(signer.verify('')).toBeUndefined();
  });
});
