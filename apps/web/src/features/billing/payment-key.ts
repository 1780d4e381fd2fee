/**
 * A fresh Idempotency-Key for one payment attempt. `crypto.randomUUID` exists only on secure
 * pages (https or localhost); a portal reached over plain http on a LAN still gets 128 random bits.
 */
export function newPaymentKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
