import { NOTIFICATION_CATEGORY_LABELS } from '@portal/contract';
import type { MailMessage } from '../../platform/mail.js';
import type { Notice, Recipient } from './audience.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface NotificationMailInput {
  notice: Notice;
  recipient: Recipient;
  providerName: string;
  portalUrl: string;
  /**
   * The recipient's signed way out of this category's mail; none for security notices. `oneClick` is the API's POST
   * (List-Unsubscribe, RFC 8058); `page` the portal's page a person opens from the mail, which asks before it posts,
   * so a link scanner's GET unsubscribes no one.
   */
  unsubscribe: { oneClick: string; page: string } | undefined;
}

/**
 * A notification by mail, in the in-portal notification's words, with a link to the thing. A category one can leave
 * carries List-Unsubscribe and List-Unsubscribe-Post, so a mail program offers one-click unsubscribe (RFC 8058).
 * The HTML is deliberately plain until the templates move to a mail template library (decision 0046).
 */
export function notificationMail({ notice, recipient, providerName, portalUrl, unsubscribe }: NotificationMailInput): MailMessage {
  const link = `${portalUrl}${notice.link}`;
  const label = NOTIFICATION_CATEGORY_LABELS[notice.category];
  const leave = unsubscribe ? `Stop e-mails about ${label.toLowerCase()}: ${unsubscribe.page}` : 'Security notices are always sent.';
  return {
    to: recipient.email,
    subject: notice.title,
    text: [
      `Hello ${recipient.firstname},`,
      '',
      notice.title,
      ...(notice.body ? [notice.body] : []),
      '',
      `Open it in the portal: ${link}`,
      '',
      `— ${providerName}`,
      leave,
    ].join('\n'),
    html: `<p>Hello ${escape(recipient.firstname)},</p>
<p><strong>${escape(notice.title)}</strong></p>
${notice.body ? `<p>${escape(notice.body)}</p>` : ''}
<p><a href="${escape(link)}">Open it in the portal</a></p>
<p>— ${escape(providerName)}</p>
<p><small>${unsubscribe ? `<a href="${escape(unsubscribe.page)}">Stop e-mails about ${escape(label.toLowerCase())}</a>` : 'Security notices are always sent.'}</small></p>`,
    ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}
