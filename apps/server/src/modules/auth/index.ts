/**
 * The auth capability's public entry (decision 0041): the signed-in caller every module works for, the one-time tokens
 * and password links other modules issue, the end of a contact's sessions, and the mails the event consumers send.
 */
export { flagsGrant, fullName, type Caller, type CallerAccess } from './caller.js';
export { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.js';
export { issuePasswordLinks } from './password-reset.service.js';
export { endContactSessions } from './sessions.service.js';
export { passwordChangedMail, passwordResetMail } from './auth.mails.js';
export { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from './auth.messages.js';
export { sweepExpiredTokens } from './expired-tokens.repository.js';
export type { PasswordStore } from './passwords.js';
// For a sign-in proven by the account's identity provider (modules/identity-providers, decision 0051): the contact it
// names, and the failed sign-in windows its refusals count in.
export { findContactByEmail, findContactById, findSignInBlock, type ContactWithAccount } from './auth.repository.js';
export { addressWindow, createThrottle, minutesWord, signInFailuresKey, usernameWindow } from './throttle.js';
export { THROTTLE } from './auth.messages.js';
export type { SessionsService } from './sessions.service.js';
