import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number for reading: '+16175550100' becomes '(617) 555-0100', a number abroad keeps its
 * country code ('+44 20 7946 0958'). What cannot be parsed is shown as it was given.
 */
export function formatPhone(raw: string): string {
  const number = parsePhoneNumberFromString(raw, 'US');
  if (!number?.isPossible()) return raw;
  return number.country === 'US' || number.country === 'CA' ? number.formatNational() : number.formatInternational();
}

/** The number to dial (tel: link): E.164 when parseable, else the digits given. */
export function phoneHref(raw: string): string {
  const number = parsePhoneNumberFromString(raw, 'US');
  return `tel:${number?.isPossible() ? number.number : raw.replace(/[^+\d]/g, '')}`;
}
