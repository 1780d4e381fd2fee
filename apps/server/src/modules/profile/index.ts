/** The profile capability's public entry (decision 0041): what the event consumers use of it. */
export { signInEmailChangedMail } from './profile.mails.js';
