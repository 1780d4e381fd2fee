import { describe, expect, it } from 'vitest';
import { createUnsubscribeSigner } from './unsubscribe-links.js';

describe('unsubscribe links (decision 0046)', () => {
  const signer = createUnsubscribeSigner('a'.repeat(64));

  it('carries whom and what, and verifies only as signed', () => {
    const token = signer.sign({ accountId: 7, contactId: 1234, category: 'billing' });
    expect(signer.verify(token)).toEqual({ accountId: 7, contactId: 1234, category: 'billing' });
    const [version, account, contact, , signature] = token.split('.');
    expect(signer.verify([version, account, contact, 'tickets', signature].join('.'))).toBeUndefined();
    expect(signer.verify([version, account, '1235', 'billing', signature].join('.'))).toBeUndefined();
    expect(signer.verify(`${token}x`)).toBeUndefined();
    expect(signer.verify('nonsense')).toBeUndefined();
    expect(createUnsubscribeSigner('b'.repeat(64)).verify(token)).toBeUndefined();
  });
});
