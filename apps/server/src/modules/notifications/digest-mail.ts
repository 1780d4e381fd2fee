import { mailRenderer } from './mail-renderer.js';
import type { MailMessage } from '../../platform/mail.js';

export interface DigestMailInput {
  recipient: { email: string; firstname: string };
  items: ReadonlyArray<{ title: string; body: string; link: string }>;
  providerName: string;
  providerColor: string;
  portalUrl: string;
}

/** "3 notifications from Acme IT": what the subject and the heading say of the day. */
export const digestHeading = (count: number, providerName: string) =>
  `${count === 1 ? 'One notification' : `${count.toLocaleString('en-US')} notifications`} from ${providerName}`;

/** The daily digest by mail (digest.ts): HTML and plain text from one react-email template, links made whole. */
export async function digestMail({ recipient, items, providerName, providerColor, portalUrl }: DigestMailInput): Promise<MailMessage> {
  const heading = digestHeading(items.length, providerName);
  const { createElement, DigestEmail, render } = await mailRenderer();
  const email = createElement(DigestEmail, {
    providerName,
    color: providerColor,
    firstname: recipient.firstname,
    heading,
    items: items.map((item) => ({ title: item.title, body: item.body, link: `${portalUrl}${item.link}` })),
    allLink: `${portalUrl}/notifications`,
    settingsLink: `${portalUrl}/profile`,
  });
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })]);
  return { to: recipient.email, subject: `Your daily summary: ${heading}`, text, html };
}
