import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A contact's mobile number (decision 0034): the spec makes it optional and gives no rule, so any
 * number libphonenumber-js recognises as valid is taken, written as the administrator typed it. A
 * number without a country code is read as a North American one (the provider's customers are).
 *
 * Kept out of the contact's zod schemas on purpose: they are built with the profile endpoints,
 * which the signed-in shell loads, and the phone metadata (~28 KB compressed) belongs to the
 * Users dialogs only. The server and the dialogs call it; nothing else needs to.
 */
export const MOBILE_NUMBER_INVALID = 'Please enter a valid mobile number, such as +1 617 555 0142';

const DEFAULT_COUNTRY = 'US';

/** The number in international form ('+1 617 555 0142'), or undefined when it is not a valid number. */
export function recognisedMobileNumber(raw: string): string | undefined {
  const number = parsePhoneNumberFromString(raw.trim(), DEFAULT_COUNTRY);
  return number?.isValid() ? number.formatInternational() : undefined;
}

/** The message for a mobile number that cannot be saved; undefined when it can (an empty one means none). */
export function mobileNumberProblem(raw: string | null | undefined): string | undefined {
  if (raw === undefined || raw === null || raw.trim() === '') return undefined;
  return recognisedMobileNumber(raw) === undefined ? MOBILE_NUMBER_INVALID : undefined;
}
