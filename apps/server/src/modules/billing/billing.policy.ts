import { amountBalanceRefusal, amountOverBalance, IDEMPOTENCY_KEY_HEADER, MAX_PAYMENT_AMOUNT, NOTHING_TO_PAY } from '@portal/contract';

/** The billing rules of docs/product.md §5 and §8, and those the spec leaves to us (docs/decisions/0014). */
export const NO_BILLING_ACCOUNT = 'No billing account found';
export const CARD_NEEDED_FOR_AUTOPAY = 'Please add a credit card before enabling automatic payments';
export const NO_STORED_CARD = 'There is no stored card on this account. Pay with a new card, or add one first.';
/** In the contract, so that the payment form says the same while the payer types. */
export { NOTHING_TO_PAY, amountOverBalance as overBalance };
export const KEY_INVALID = `The ${IDEMPOTENCY_KEY_HEADER} header must be 8 to 200 letters, digits, dashes, underscores, colons or dots.`;
export const KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different payment. Use a new key for a new payment.`;
export const PAYMENT_FAILED = 'Payment failed';
export { MAX_PAYMENT_AMOUNT };

/** Keys the client makes (a UUID in the portal's own screen); the `autopay:` prefix is the runner's. */
export const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,200}$/;
export const isValidIdempotencyKey = (key: string) => IDEMPOTENCY_KEY_SHAPE.test(key) && !key.startsWith('autopay:');

/**
 * A card payment may not exceed what is owed: the portal takes payments of a balance, not deposits
 * (a credit is the provider's to give). The per-payment ceiling is in the contract, and so is this
 * rule, which the payment form applies as the payer types.
 */
export const amountRefusal = amountBalanceRefusal;
