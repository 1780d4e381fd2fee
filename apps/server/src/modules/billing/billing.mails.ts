import { formatUsd, formatUtcDateTime } from '../../platform/formats.js';
import type { MailMessage } from '../../platform/mail.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ReceiptInput {
  to: string;
  firstname: string;
  accountName: string;
  amount: number;
  paidAt: Date;
  cardLast4: string | null;
  confirmationNumber: string;
  balance: number;
  automatic: boolean;
  providerName: string;
  supportEmail: string;
  portalUrl: string;
}

/** The receipt of a card payment, manual or automatic; it names the card by its last four digits only. */
export function paymentReceiptMail(input: ReceiptInput): MailMessage {
  const how = input.cardLast4 ? `the card ending ${input.cardLast4}` : 'your card';
  const what = input.automatic ? `Your automatic payment of ${formatUsd(input.amount)}` : `Your payment of ${formatUsd(input.amount)}`;
  const lines = [
    `Hello ${input.firstname},`,
    '',
    `${what} for ${input.accountName} was charged to ${how} on ${formatUtcDateTime(input.paidAt)} UTC.`,
    `Confirmation number: ${input.confirmationNumber}`,
    `Balance now: ${formatUsd(input.balance)}`,
    '',
    `Your statements and payment history: ${input.portalUrl}/billing`,
    `Questions? Write to ${input.supportEmail}.`,
  ];
  const html = `<p>Hello ${escape(input.firstname)},</p>
<p>${escape(what)} for ${escape(input.accountName)} was charged to ${escape(how)} on ${escape(formatUtcDateTime(input.paidAt))} UTC.</p>
<p>Confirmation number: <strong>${escape(input.confirmationNumber)}</strong><br>Balance now: ${escape(formatUsd(input.balance))}</p>
<p><a href="${escape(input.portalUrl)}/billing">Your statements and payment history</a></p>
<p>Questions? Write to <a href="mailto:${escape(input.supportEmail)}">${escape(input.supportEmail)}</a>.</p>`;
  return { to: input.to, subject: `${input.providerName} payment receipt ${input.confirmationNumber}`, text: lines.join('\n'), html };
}

/** An automatic payment the card refused: the billing contacts must act before the next run. */
export function autoPayFailedMail(input: {
  to: string;
  firstname: string;
  accountName: string;
  amount: number;
  reason: string;
  providerName: string;
  supportEmail: string;
  portalUrl: string;
}): MailMessage {
  const text = [
    `Hello ${input.firstname},`,
    '',
    `The automatic payment of ${formatUsd(input.amount)} for ${input.accountName} did not go through: ${input.reason}`,
    'We will try again tomorrow. To pay now or change the stored card, open:',
    `${input.portalUrl}/billing`,
    '',
    `Questions? Write to ${input.supportEmail}.`,
  ].join('\n');
  return { to: input.to, subject: `${input.providerName}: your automatic payment did not go through`, text };
}
