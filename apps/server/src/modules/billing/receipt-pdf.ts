import { CARD_TYPE_NAMES, type CardType } from '@portal/contract';
import { formatUsd, formatUtcDateTime } from '../../platform/formats.js';
import type { PaymentRow } from './billing.repository.js';
import { ACCENT, factRow, INK, MARGIN, MUTED, openPdf, providerHeading, RULE, type ProviderDetails } from './pdf-document.js';

export interface ReceiptPdfInput {
  provider: ProviderDetails;
  account: { name: string; billingId: string };
  payment: PaymentRow;
  /** The receipt's number (docs/decisions/0032): the confirmation number, or the payment's id. */
  number: string;
}

/** The receipt's number: the confirmation number the gateway or the billing system gave, else the payment's own id. */
export const receiptNumberOf = (payment: Pick<PaymentRow, 'id' | 'confirmationNumber'>) => payment.confirmationNumber ?? payment.id;

/** How it was paid, naming a card by its network and last four digits only: "Visa ending 4242". */
export function paidWith(payment: Pick<PaymentRow, 'paymentType' | 'cardType' | 'last4' | 'checkNumber'>): string {
  if (payment.paymentType === 'credit_card') {
    const brand = payment.cardType ? (CARD_TYPE_NAMES[payment.cardType as CardType] ?? payment.cardType) : 'Card';
    return payment.last4 ? `${brand} ending ${payment.last4}` : brand;
  }
  if (payment.paymentType === 'check') return payment.checkNumber ? `Check ${payment.checkNumber}` : 'Check';
  return payment.paymentType === 'manual_ach' ? 'ACH transfer' : 'Account credit';
}

/** One successful payment's receipt: who was paid, by whom, how much, when, how, and its confirmation number. */
export async function renderReceiptPdf({ provider, account, payment, number }: ReceiptPdfInput): Promise<Buffer> {
  const pdf = await openPdf({ Title: `Payment receipt ${number} — ${account.name}`, Author: provider.name });
  const { doc, width, right } = pdf;
  const top = providerHeading(pdf, provider, 'Payment receipt', number);

  doc.fontSize(10).fillColor(MUTED).font('Helvetica').text('Received from', MARGIN, top);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(account.name, MARGIN, top + 14, { width });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Billing account ${account.billingId}`, { width });

  let y = doc.y + 20;
  doc.rect(MARGIN, y, width, 56).fillAndStroke('#f4f7fb', RULE);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text('Amount paid', MARGIN + 14, y + 20);
  doc.fillColor(ACCENT).fontSize(18);
  right(formatUsd(payment.amount), MARGIN + 14, y + 17, width - 28, 'Helvetica-Bold');
  y += 76;

  const automatic = payment.idempotencyKey?.startsWith('autopay:') ?? false;
  const facts: Array<[string, string]> = [
    payment.confirmationNumber ? ['Confirmation number', payment.confirmationNumber] : ['Receipt number', number],
    ['Date', `${formatUtcDateTime(payment.createdAt)} UTC`],
    ['Paid with', paidWith(payment)],
    ['Payment', automatic ? 'Automatic payment' : payment.externalId === null ? 'Paid in the portal' : 'Recorded by the billing department'],
    ['Status', 'Paid'],
  ];
  if (payment.transactionId) facts.push(['Transaction reference', payment.transactionId]);
  for (const [label, value] of facts) {
    factRow(pdf, label, value, MARGIN, y, width, 160);
    y += 20;
  }

  y += 16;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor(RULE)
    .stroke();
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(10)
    .text('Thank you for your payment. Keep this receipt for your records.', MARGIN, y + 14, { width });
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Questions about this payment? Call ${provider.supportPhone} or write to ${provider.supportEmail}, quoting ${number}.`,
      MARGIN,
      doc.page.height - MARGIN - 12,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    );
  return pdf.finish();
}
