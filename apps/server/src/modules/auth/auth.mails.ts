import type { MailMessage } from '../../platform/mail.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail(input: { to: string; firstname: string; link: string; providerName: string; supportEmail: string }): MailMessage {
  const text = [
    `Hello ${input.firstname},`,
    '',
    `Someone asked to reset the password of your ${input.providerName} customer portal account.`,
    'To choose a new password, open this link within one hour:',
    '',
    input.link,
    '',
    'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `Questions? Write to ${input.supportEmail}.`,
  ].join('\n');
  const html = `<p>Hello ${escape(input.firstname)},</p>
<p>Someone asked to reset the password of your ${escape(input.providerName)} customer portal account. To choose a new password, open this link within one hour:</p>
<p><a href="${escape(input.link)}">Reset my password</a></p>
<p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>Questions? Write to <a href="mailto:${escape(input.supportEmail)}">${escape(input.supportEmail)}</a>.</p>`;
  return { to: input.to, subject: `Reset your ${input.providerName} portal password`, text, html };
}

export function passwordChangedMail(input: { to: string; firstname: string; providerName: string; supportEmail: string; supportPhone: string }): MailMessage {
  const text = [
    `Hello ${input.firstname},`,
    '',
    `The password of your ${input.providerName} customer portal account was just changed, and every other sign-in was ended.`,
    '',
    `If that was not you, call us at ${input.supportPhone} or write to ${input.supportEmail} straight away.`,
  ].join('\n');
  return { to: input.to, subject: `Your ${input.providerName} portal password was changed`, text };
}
