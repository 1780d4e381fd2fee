import { createHmac, randomBytes } from 'node:crypto';
import { CARD_TYPE_NAMES, cardTypeMismatch, securityCodeRefusal, type CardType } from '@portal/contract';
import type { PaymentOutcome } from './metrics.js';

/**
 * The payment network, behind the interface a real gateway (Stripe, Authorize.net, …) would be
 * adapted to. The portal never keeps a card number: it hands the number to the gateway once and
 * keeps the gateway's token, the type, the last four digits and the expiry.
 */
export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  /** The type the payer chose; the gateway checks it against the number. */
  type: CardType;
  /**
   * The security code (CVC) when the payer gave one (the spec's calls carry none). It is handed to the
   * gateway with the number and goes nowhere else: never stored, logged, audited or put in an event.
   */
  cvc?: string;
}

export interface StoredCard {
  token: string;
  last4: string;
  type: CardType;
}

export type ChargeOutcome = { status: 'succeeded'; transactionId: string } | { status: 'declined'; transactionId: string | null; reason: string };

export interface ChargeRequest {
  amount: number;
  /** The same key returns the same outcome and never charges twice (the gateway's own idempotency). */
  idempotencyKey: string;
  source: { card: CardDetails } | { token: string };
}

export interface PaymentGateway {
  /** Checks the card and stores it with the gateway; throws CardRefused when the card cannot be used. */
  tokenize(card: CardDetails): Promise<StoredCard>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}

/** A card the gateway refuses before any charge: wrong number, expired, type mismatch. */
export class CardRefused extends Error {
  constructor(
    message: string,
    /** The card field at fault, as the payer knows it. */
    readonly field: 'number' | 'expiry' | 'type' | 'cvc',
  ) {
    super(message);
    this.name = 'CardRefused';
  }
}

export const CARD_MESSAGES = {
  invalidNumber: 'The card number is not valid. Please check it and try again.',
  expired: 'This card has expired. Please use another card.',
  typeMismatch: cardTypeMismatch,
  unknownType: 'Only Visa, Mastercard, American Express and Discover cards are accepted.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
} as const;

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The card network a number belongs to, by its issuer prefix. */
export function cardTypeOf(number: string): CardType | null {
  if (/^4\d{12}(\d{3}){0,2}$/.test(number)) return 'visa';
  if (/^3[47]\d{13}$/.test(number)) return 'amex';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if (number.length === 16 && ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720))) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(number) && number.length >= 16 && number.length <= 19) return 'discover';
  return null;
}

/** A card is good through the last day of its expiry month. */
export function hasExpired(expMonth: string, expYear: string, now: Date): boolean {
  const year = Number(expYear);
  const month = Number(expMonth);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return year < nowYear || (year === nowYear && month < nowMonth);
}

/**
 * How the sandbox treats the public test cards (the convention of the big gateways): any other
 * valid number succeeds.
 */
const TEST_CARD_BEHAVIOUR: Record<string, 'declined' | 'insufficient_funds' | 'expired_card' | 'charge_fails'> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000341': 'charge_fails',
};

const DECLINE_REASONS = {
  declined: CARD_MESSAGES.declined,
  insufficient_funds: CARD_MESSAGES.insufficientFunds,
  expired_card: CARD_MESSAGES.expiredCard,
  charge_fails: CARD_MESSAGES.declined,
} as const;

/**
 * The built-in gateway: it checks cards as a real one does and answers like one, with no network.
 * It keeps nothing in memory, so any number of portal instances share it: a token carries the test
 * behaviour of its card, and a transaction id is derived from the idempotency key, so the same key
 * always yields the same transaction.
 */
export function createSandboxGateway(options: { secret: string; now?: () => Date }): PaymentGateway {
  const now = options.now ?? (() => new Date());
  const transactionIdOf = (key: string) => `txn_${createHmac('sha256', options.secret).update(key).digest('hex').slice(0, 24)}`;

  function check(card: CardDetails): void {
    if (!passesLuhn(card.number)) throw new CardRefused(CARD_MESSAGES.invalidNumber, 'number');
    const actual = cardTypeOf(card.number);
    if (!actual) throw new CardRefused(CARD_MESSAGES.unknownType, 'number');
    if (actual !== card.type) throw new CardRefused(CARD_MESSAGES.typeMismatch(CARD_TYPE_NAMES[actual], CARD_TYPE_NAMES[card.type]), 'type');
    if (hasExpired(card.expMonth, card.expYear, now())) throw new CardRefused(CARD_MESSAGES.expired, 'expiry');
    // As a real gateway: a code that is given must fit the card (3 digits, 4 on American Express); none is not checked.
    const cvcRefusal = card.cvc === undefined ? null : securityCodeRefusal(card.cvc, card.type);
    if (cvcRefusal) throw new CardRefused(cvcRefusal, 'cvc');
  }

  function outcome(behaviour: (typeof TEST_CARD_BEHAVIOUR)[string] | undefined, key: string): ChargeOutcome {
    if (!behaviour) return { status: 'succeeded', transactionId: transactionIdOf(key) };
    return { status: 'declined', transactionId: transactionIdOf(key), reason: DECLINE_REASONS[behaviour] };
  }

  return {
    async tokenize(card) {
      check(card);
      const behaviour = TEST_CARD_BEHAVIOUR[card.number];
      // A card the network declines outright cannot be stored; one that fails only when charged can.
      if (behaviour && behaviour !== 'charge_fails') throw new CardRefused(DECLINE_REASONS[behaviour], 'number');
      const tag = behaviour === 'charge_fails' ? 'chargefails_' : '';
      return { token: `tok_sandbox_${tag}${randomBytes(12).toString('hex')}`, last4: card.number.slice(-4), type: card.type };
    },
    async charge({ idempotencyKey, source }) {
      if ('token' in source) {
        if (!source.token.startsWith('tok_sandbox_')) return { status: 'declined', transactionId: null, reason: CARD_MESSAGES.declined };
        return outcome(source.token.startsWith('tok_sandbox_chargefails_') ? 'charge_fails' : undefined, idempotencyKey);
      }
      check(source.card);
      return outcome(TEST_CARD_BEHAVIOUR[source.card.number], idempotencyKey);
    },
  };
}

/** The gateway, with every charge's outcome told to `counted` (the metrics count payments by outcome). */
export function countPayments(gateway: PaymentGateway, counted: (outcome: PaymentOutcome) => void): PaymentGateway {
  return {
    tokenize: (card) => gateway.tokenize(card),
    async charge(request) {
      try {
        const outcome = await gateway.charge(request);
        counted(outcome.status);
        return outcome;
      } catch (error) {
        counted(error instanceof CardRefused ? 'card_refused' : 'error');
        throw error;
      }
    },
  };
}
