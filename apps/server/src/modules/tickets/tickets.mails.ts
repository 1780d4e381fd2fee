import type { MailMessage } from '../../platform/mail.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TicketReplyMailInput {
  to: string;
  firstname: string;
  ticket: { id: number; ticket_number: string; subject: string };
  /** Who wrote the reply, as the conversation names them. */
  author: string;
  /** The reply as stored: plain text, or HTML already cleaned to the ticket allow-list. */
  content: string;
  providerName: string;
  portalUrl: string;
}

/**
 * A reply the help desk added to the contact's ticket (decision 0041): the text whole, so it can be read in the mail,
 * and a link to answer it in the portal (mail replies are not read). The HTML part is the reply as stored, already
 * cleaned to the ticket allow-list; the text part is made from it.
 */
export async function ticketReplyMail(input: TicketReplyMailInput): Promise<MailMessage> {
  const link = `${input.portalUrl}/tickets/${input.ticket.id}`;
  const isHtml = input.content.includes('<');
  // html-to-text is loaded by the first reply with HTML in it, not at start-up (docs/decisions/0021).
  const text = isHtml
    ? (await import('html-to-text')).convert(input.content, { wordwrap: 100, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] })
    : input.content;
  const body = isHtml ? input.content : `<p>${escape(input.content).replace(/\r?\n/g, '<br>')}</p>`;
  return {
    to: input.to,
    subject: `New reply on ticket ${input.ticket.ticket_number}: ${input.ticket.subject}`,
    text: [
      `Hello ${input.firstname},`,
      '',
      `${input.author} replied to your ticket ${input.ticket.ticket_number} (${input.ticket.subject}):`,
      '',
      text,
      '',
      `Read the conversation and answer in the portal: ${link}`,
      `Replies to this mail are not read. — ${input.providerName}`,
    ].join('\n'),
    html: `<p>Hello ${escape(input.firstname)},</p>
<p>${escape(input.author)} replied to your ticket ${escape(input.ticket.ticket_number)} (${escape(input.ticket.subject)}):</p>
<blockquote>${body}</blockquote>
<p><a href="${escape(link)}">Read the conversation and answer in the portal</a></p>
<p>Replies to this mail are not read. — ${escape(input.providerName)}</p>`,
  };
}
