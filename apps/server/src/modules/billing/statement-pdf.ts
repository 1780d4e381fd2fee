import { STATEMENT_STATUS_LABELS } from '@portal/contract';
import { formatCalendarDate as calendarDate, formatShortCalendarDate as shortCalendarDate, formatUsd } from '../../platform/formats.js';
import { factRow, INK, MARGIN, MUTED, openPdf, providerHeading, RULE, type ProviderDetails } from './pdf-document.js';
import type { StatementWithBalances } from './statement-balances.js';

/** How this account can pay: the portal's payment tab, and auto-pay as it stands. */
export interface HowToPay {
  /** The portal's Make Payment tab (…/billing?tab=pay). */
  payUrl: string;
  /** The portal's Auto Payments tab (…/billing?tab=autopay). */
  autoPayUrl: string;
  /** Auto-pay on, with the stored card and the billing-cycle day it is charged on; null when off. */
  autoPay: { cardLast4: string | null; cycleDay: number } | null;
}

export interface StatementPdfInput {
  provider: ProviderDetails;
  account: { name: string; billingId: string };
  entry: StatementWithBalances;
  howToPay: HowToPay;
  /** The day the status is given for ('YYYY-MM-DD'): the PDF is drawn when it is asked for. */
  today: string;
}

/** A credit to the account, shown as a negative amount; nothing is $0.00, not -$0.00. */
const credit = (amount: number) => formatUsd(amount === 0 ? 0 : -amount);

/** The statement as a PDF, rendered from its stored lines and taxes and the balances carried to it. */
export async function renderStatementPdf({ provider, account, entry, howToPay, today }: StatementPdfInput): Promise<Buffer> {
  const { statement } = entry;
  const issued = statement.createdAt.toISOString().slice(0, 10);
  const pdf = await openPdf({ Title: `Statement ${entry.number} — ${account.name}`, Author: provider.name });
  const { doc, width, right } = pdf;

  // Heading: who sends it, which statement, to whom, for when.
  const top = providerHeading(pdf, provider, 'Statement', entry.number);
  doc.fontSize(10).fillColor(MUTED).font('Helvetica').text('Account', MARGIN, top);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(account.name, MARGIN, top + 14, { width: width / 2 - 50 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Billing account ${account.billingId}`, { width: width / 2 - 50 });
  const facts: Array<[string, string]> = [
    ['Statement number', entry.number],
    ['Statement date', calendarDate(issued)],
    ['Period', `${shortCalendarDate(statement.periodStart)} – ${shortCalendarDate(statement.periodEnd)}`],
    ['Payment due', calendarDate(entry.dueDate)],
    [`Status on ${shortCalendarDate(today)}`, STATEMENT_STATUS_LABELS[entry.status]],
  ];
  facts.forEach(([label, value], index) => factRow(pdf, label, value, MARGIN + width / 2 - 40, top + index * 16, width / 2 + 40, 120));

  // Summary: how the balance got from the last statement to this one.
  let y = top + facts.length * 16 + 20;
  doc.rect(MARGIN, y, width, 112).fillAndStroke('#f4f7fb', RULE);
  y += 12;
  const summary: Array<[string, string]> = [
    ['Opening balance', formatUsd(entry.opening)],
    ['Payments received', credit(entry.paymentsTotal)],
    ['New charges', formatUsd(entry.charges)],
  ];
  for (const [label, amount] of summary) {
    doc
      .fillColor(INK)
      .fontSize(11)
      .font('Helvetica')
      .text(label, MARGIN + 14, y);
    right(amount, MARGIN + 14, y, width - 28);
    y += 20;
  }
  doc
    .moveTo(MARGIN + 14, y)
    .lineTo(MARGIN + width - 14, y)
    .strokeColor(RULE)
    .stroke();
  y += 10;
  doc
    .fontSize(13)
    .font('Helvetica-Bold')
    .text('Closing balance (amount due)', MARGIN + 14, y);
  right(formatUsd(entry.closing), MARGIN + 14, y, width - 28, 'Helvetica-Bold');
  y += 40;

  // Charges: the statement's own lines, then the taxes the billing system sent.
  const columns = { description: MARGIN, quantity: MARGIN + width * 0.55, unit: MARGIN + width * 0.66, amount: MARGIN + width * 0.83 };
  const amountColumn = (text: string, font?: string) => right(text, columns.amount, y, MARGIN + width - columns.amount, font);
  const heading = (title: string) => {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(title, MARGIN, y);
    y += 20;
  };
  const newPageIfNeeded = (room = 60) => {
    if (y > doc.page.height - MARGIN - room) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const rule = () =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .stroke();
  heading('Charges');
  doc.fontSize(9).fillColor(MUTED).font('Helvetica');
  doc.text('Description', columns.description, y);
  right('Qty', columns.quantity, y, columns.unit - columns.quantity - 8);
  right('Unit price', columns.unit, y, columns.amount - columns.unit - 8);
  amountColumn('Amount');
  y += 14;
  rule();
  y += 6;
  doc.fontSize(10).fillColor(INK);
  const describe = (text: string) => {
    const rowHeight = Math.max(14, doc.font('Helvetica').heightOfString(text, { width: columns.quantity - columns.description - 8 }));
    doc.text(text, columns.description, y, { width: columns.quantity - columns.description - 8 });
    return rowHeight;
  };
  for (const line of statement.lines) {
    newPageIfNeeded();
    const rowHeight = describe(line.description);
    right(String(line.quantity), columns.quantity, y, columns.unit - columns.quantity - 8);
    right(formatUsd(line.unitPrice), columns.unit, y, columns.amount - columns.unit - 8);
    amountColumn(formatUsd(line.amount));
    y += rowHeight + 6;
  }
  if (statement.lines.length === 0 && statement.taxes.length === 0) {
    doc.fillColor(MUTED).text('No new charges this period.', MARGIN, y);
    y += 20;
  }
  if (statement.taxes.length > 0) {
    newPageIfNeeded();
    doc.fontSize(9).fillColor(MUTED).text('Taxes', columns.description, y);
    doc.fontSize(10).fillColor(INK);
    y += 14;
  }
  for (const tax of statement.taxes) {
    newPageIfNeeded();
    const rowHeight = describe(tax.description);
    amountColumn(formatUsd(tax.amount));
    y += rowHeight + 6;
  }
  rule();
  y += 8;
  doc
    .font('Helvetica-Bold')
    .fillColor(INK)
    .text(statement.taxes.length > 0 ? 'Total new charges (taxes included)' : 'Total new charges', columns.description, y);
  right(formatUsd(entry.charges), columns.amount - 60, y, MARGIN + width - columns.amount + 60, 'Helvetica-Bold');
  y += 34;

  // Payments that reached us in the period.
  newPageIfNeeded();
  heading('Payments received');
  doc.fontSize(10).font('Helvetica').fillColor(INK);
  if (entry.payments.length === 0) {
    doc.fillColor(MUTED).text('No payments were received in this period.', MARGIN, y);
    y += 20;
  }
  for (const payment of entry.payments) {
    newPageIfNeeded();
    const how =
      payment.paymentType === 'credit_card' && payment.last4
        ? `Card ending ${payment.last4}`
        : payment.checkNumber
          ? `Check ${payment.checkNumber}`
          : payment.paymentType.replace('_', ' ');
    doc
      .fillColor(INK)
      .font('Helvetica')
      .text(`${calendarDate(payment.createdAt.toISOString().slice(0, 10))} · ${how}`, MARGIN, y);
    amountColumn(credit(payment.amount));
    y += 18;
  }

  // How to pay: the portal, auto-pay as it stands, and whom to ask.
  y += 16;
  newPageIfNeeded(130);
  heading('How to pay');
  doc.fontSize(10).font('Helvetica').fillColor(INK);
  const ways = [
    `Pay by card in the portal: ${howToPay.payUrl}`,
    howToPay.autoPay
      ? `Automatic payments are on: the balance is charged to ${howToPay.autoPay.cardLast4 ? `the card ending ${howToPay.autoPay.cardLast4}` : 'the stored card'} on day ${howToPay.autoPay.cycleDay} of each month.`
      : `Or turn on automatic payments, charged to a stored card each billing day: ${howToPay.autoPayUrl}`,
    `Please quote statement number ${entry.number} with a payment made another way.`,
  ];
  for (const way of ways) {
    doc.text(way, MARGIN, y, { width });
    y = doc.y + 6;
  }

  doc
    .fontSize(9)
    .fillColor(MUTED)
    .font('Helvetica')
    .text(`Questions about this statement? Call ${provider.supportPhone} or write to ${provider.supportEmail}.`, MARGIN, doc.page.height - MARGIN - 12, {
      width,
      align: 'center',
      lineBreak: false,
    });
  return pdf.finish();
}
