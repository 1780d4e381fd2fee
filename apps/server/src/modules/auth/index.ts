/** The auth capability's public entry (decision 0041): what the event consumers use of it. */
export { passwordChangedMail, passwordResetMail } from './auth.mails.js';
