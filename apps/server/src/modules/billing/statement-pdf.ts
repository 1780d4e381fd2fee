import { formatCalendarDate as calendarDate, formatShortCalendarDate as shortCalendarDate, formatUsd } from '../../platform/formats.js';
import type { StatementWithBalances } from './statement-balances.js';

export interface StatementPdfInput {
  provider: { name: string; supportPhone: string; supportEmail: string };
  account: { name: string; billingId: string };
  entry: StatementWithBalances;
}

/** A credit to the account, shown as a negative amount; nothing is $0.00, not -$0.00. */
const credit = (amount: number) => formatUsd(amount === 0 ? 0 : -amount);

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#d5dae1';
const ACCENT = '#1c7ed6';

/**
 * The statement as a PDF, rendered from its stored lines and the balances carried to it.
 * pdfkit (12 MB and most of a second to load) is loaded by the first statement asked for, not at start-up.
 */
export async function renderStatementPdf({ provider, account, entry }: StatementPdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { statement } = entry;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Statement ${calendarDate(statement.createdAt.toISOString().slice(0, 10))} — ${account.name}`, Author: provider.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const right = (text: string, x: number, y: number, w: number, font = 'Helvetica') => doc.font(font).text(text, x, y, { width: w, align: 'right' });

  // Heading: who sends it, to whom, for when.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(provider.name, MARGIN, MARGIN);
  doc.fillColor(INK).fontSize(22).text('Statement', MARGIN, MARGIN, { width, align: 'right' });
  doc.moveDown(1.5);
  const top = doc.y;
  doc.fontSize(10).fillColor(MUTED).font('Helvetica').text('Account', MARGIN, top);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(account.name);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Billing account ${account.billingId}`);
  const facts: Array<[string, string]> = [
    ['Statement date', calendarDate(statement.createdAt.toISOString().slice(0, 10))],
    ['Period', `${shortCalendarDate(statement.periodStart)} – ${shortCalendarDate(statement.periodEnd)}`],
    ['Payment due', calendarDate(entry.dueDate)],
  ];
  facts.forEach(([label, value], index) => {
    const y = top + index * 16;
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, MARGIN + width / 2 - 40, y, { width: 90 });
    doc.fillColor(INK);
    right(value, MARGIN + width / 2 + 50, y, width / 2 - 50);
  });

  // Summary: how the balance got from the last statement to this one.
  let y = top + 70;
  doc.rect(MARGIN, y, width, 112).fillAndStroke('#f4f7fb', RULE);
  y += 12;
  const summary: Array<[string, string]> = [
    ['Opening balance', formatUsd(entry.opening)],
    ['Payments received', credit(entry.paymentsTotal)],
    ['New charges', formatUsd(entry.charges)],
  ];
  for (const [label, amount] of summary) {
    doc.fillColor(INK).fontSize(11).font('Helvetica').text(label, MARGIN + 14, y);
    right(amount, MARGIN + 14, y, width - 28);
    y += 20;
  }
  doc.moveTo(MARGIN + 14, y).lineTo(MARGIN + width - 14, y).strokeColor(RULE).stroke();
  y += 10;
  doc.fontSize(13).font('Helvetica-Bold').text('Closing balance (amount due)', MARGIN + 14, y);
  right(formatUsd(entry.closing), MARGIN + 14, y, width - 28, 'Helvetica-Bold');
  y += 40;

  // Charges: the statement's own lines.
  const columns = { description: MARGIN, quantity: MARGIN + width * 0.55, unit: MARGIN + width * 0.66, amount: MARGIN + width * 0.83 };
  const heading = (title: string) => {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text(title, MARGIN, y);
    y += 20;
  };
  const newPageIfNeeded = () => {
    if (y > doc.page.height - MARGIN - 60) {
      doc.addPage();
      y = MARGIN;
    }
  };
  heading('Charges');
  doc.fontSize(9).fillColor(MUTED).font('Helvetica');
  doc.text('Description', columns.description, y);
  right('Qty', columns.quantity, y, columns.unit - columns.quantity - 8);
  right('Unit price', columns.unit, y, columns.amount - columns.unit - 8);
  right('Amount', columns.amount, y, MARGIN + width - columns.amount);
  y += 14;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(RULE).stroke();
  y += 6;
  doc.fontSize(10).fillColor(INK);
  for (const line of statement.lines) {
    newPageIfNeeded();
    const rowHeight = Math.max(14, doc.font('Helvetica').heightOfString(line.description, { width: columns.quantity - columns.description - 8 }));
    doc.text(line.description, columns.description, y, { width: columns.quantity - columns.description - 8 });
    right(String(line.quantity), columns.quantity, y, columns.unit - columns.quantity - 8);
    right(formatUsd(line.unitPrice), columns.unit, y, columns.amount - columns.unit - 8);
    right(formatUsd(line.amount), columns.amount, y, MARGIN + width - columns.amount);
    y += rowHeight + 6;
  }
  if (statement.lines.length === 0) {
    doc.fillColor(MUTED).text('No new charges this period.', MARGIN, y);
    y += 20;
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(RULE).stroke();
  y += 8;
  doc.font('Helvetica-Bold').fillColor(INK).text('Total new charges', columns.description, y);
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
    const how = payment.paymentType === 'credit_card' && payment.last4 ? `Card ending ${payment.last4}` : payment.checkNumber ? `Check ${payment.checkNumber}` : payment.paymentType.replace('_', ' ');
    doc.fillColor(INK).font('Helvetica').text(`${calendarDate(payment.createdAt.toISOString().slice(0, 10))} · ${how}`, MARGIN, y);
    right(credit(payment.amount), columns.amount, y, MARGIN + width - columns.amount);
    y += 18;
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
  doc.end();
  return done;
}
