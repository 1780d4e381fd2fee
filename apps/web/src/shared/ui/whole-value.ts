/**
 * The class of a value read whole (an e-mail address, a username, a ticket number, money, a date, a phone number): it
 * moves to the next line as one piece and breaks inside only when wider than its column on its own (portal.css).
 */
export const WHOLE_VALUE = 'portal-whole-value';
