import { mailRenderer } from './mail-renderer.js';
import { NOTIFICATION_CATEGORY_LABELS } from '@portal/contract';
import type { MailMessage } from '../../platform/mail.js';
import { oneClickUnsubscribeHeaders } from '../../platform/unsubscribe-links.js';
import type { Notice, Recipient } from './audience.js';

export interface NotificationMailInput {
  notice: Notice;
  recipient: Recipient;
  providerName: string;
  /** The provider's colour (PROVIDER_COLOR). */
  providerColor: string;
  portalUrl: string;
  /**
   * The recipient's signed way out of this category's mail; none for security notices. `oneClick` is the API's POST
   * (List-Unsubscribe, RFC 8058); `page` the portal's page a person opens from the mail, which asks before it posts,
   * so a link scanner's GET unsubscribes no one.
   */
  unsubscribe: { oneClick: string; page: string } | undefined;
}

/**
 * A notification by mail, in the in-portal notification's words, with a link to the thing: HTML and plain text from
 * one react-email template (notification-email.tsx). A category one can leave carries List-Unsubscribe and
 * List-Unsubscribe-Post, so a mail program offers one-click unsubscribe (RFC 8058).
 */
export async function notificationMail({
  notice,
  recipient,
  providerName,
  providerColor,
  portalUrl,
  unsubscribe,
}: NotificationMailInput): Promise<MailMessage> {
  const label = NOTIFICATION_CATEGORY_LABELS[notice.category];
  const { createElement, NotificationEmail, render } = await mailRenderer();
  const email = createElement(NotificationEmail, {
    providerName,
    color: providerColor,
    firstname: recipient.firstname,
    title: notice.title,
    body: notice.body,
    link: `${portalUrl}${notice.link}`,
    unsubscribe: unsubscribe && { label: `Stop e-mails about ${label.toLowerCase()}`, page: unsubscribe.page },
  });
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })]);
  return {
    to: recipient.email,
    subject: notice.title,
    text,
    html,
    ...(unsubscribe ? { headers: oneClickUnsubscribeHeaders(unsubscribe) } : {}),
  };
}
