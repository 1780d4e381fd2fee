import type { MailMessage } from '../../platform/mail.js';

/** Sent to the *old* address, so the owner learns of a change they did not make (the new owner could not warn them). */
export function signInEmailChangedMail(input: {
  to: string;
  firstname: string;
  newEmail: string;
  providerName: string;
  supportEmail: string;
  supportPhone: string;
}): MailMessage {
  const text = [
    `Hello ${input.firstname},`,
    '',
    `The e-mail address of your ${input.providerName} customer portal account was changed from ${input.to} to ${input.newEmail}.`,
    `It is also your username: from now on, sign in with ${input.newEmail}.`,
    '',
    `If you did not make this change, call us at ${input.supportPhone} or write to ${input.supportEmail} straight away.`,
  ].join('\n');
  return { to: input.to, subject: `Your ${input.providerName} portal sign-in e-mail was changed`, text };
}
