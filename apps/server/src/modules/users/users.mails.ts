import type { MailMessage } from '../../platform/mail.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation of a user an administrator added: a single-use link to choose a first password. */
export function invitationMail(input: {
  to: string;
  firstname: string;
  invitedBy: string;
  accountName: string;
  link: string;
  validDays: number;
  providerName: string;
  supportEmail: string;
}): MailMessage {
  const text = [
    `Hello ${input.firstname},`,
    '',
    `${input.invitedBy} added you to the ${input.providerName} customer portal of ${input.accountName}.`,
    `To choose your password and sign in, open this link within ${input.validDays} days:`,
    '',
    input.link,
    '',
    `The link works once. Your username is this e-mail address: ${input.to}.`,
    '',
    `Questions? Write to ${input.supportEmail}.`,
  ].join('\n');
  const html = `<p>Hello ${escape(input.firstname)},</p>
<p>${escape(input.invitedBy)} added you to the ${escape(input.providerName)} customer portal of ${escape(input.accountName)}. To choose your password and sign in, open this link within ${input.validDays} days:</p>
<p><a href="${escape(input.link)}">Choose my password</a></p>
<p>The link works once. Your username is this e-mail address: ${escape(input.to)}.</p>
<p>Questions? Write to <a href="mailto:${escape(input.supportEmail)}">${escape(input.supportEmail)}</a>.</p>`;
  return { to: input.to, subject: `You are invited to the ${input.providerName} customer portal`, text, html };
}
