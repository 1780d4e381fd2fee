import type { CardType } from './constants.js';

/** The card networks as the payer knows them; the words of every card message. */
export const CARD_TYPE_NAMES: Record<CardType, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * The network a card number belongs to, from its first digits, as soon as they tell (docs/decisions/0014):
 * Visa 4; Mastercard 51–55 and 2221–2720; American Express 34 and 37; Discover 6011, 65 and 644–649.
 * Spaces and dashes as people type them are ignored; null while the digits do not yet tell, or match none.
 * The gateway checks the whole number (length, Luhn digit) as well: this is the prefix only.
 */
export function cardTypeFromPrefix(typed: string): CardType | null {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return null;
}

/** A number of one network with another chosen as the card type: the gateway's words and the form's. */
export const cardTypeMismatch = (numberIs: string, chosen: string) =>
  `This is ${/^[AEIOU]/i.test(numberIs) ? 'an' : 'a'} ${numberIs} card number, but ${chosen} was chosen as the card type.`;

/** The security code (CVC) printed on a card: 4 digits on American Express, 3 on the others. */
export const securityCodeLength = (type: CardType) => (type === 'amex' ? 4 : 3);
export const SECURITY_CODE_SHAPE = 'Security code must be 3 or 4 digits';
export const securityCodeOfType = (type: CardType) =>
  type === 'amex' ? 'An American Express security code has 4 digits.' : `A ${CARD_TYPE_NAMES[type]} security code has 3 digits.`;

/** Why a security code cannot be this card's, or null: the form's check and the sandbox gateway's. */
export function securityCodeRefusal(cvc: string, type: CardType): string | null {
  if (!/^\d{3,4}$/.test(cvc)) return SECURITY_CODE_SHAPE;
  return cvc.length === securityCodeLength(type) ? null : securityCodeOfType(type);
}
