import type PDFKit from 'pdfkit';

/** Who sends a statement or a receipt: the provider's details from configuration (PROVIDER_NAME, PROVIDER_ADDRESS, SUPPORT_*). */
export interface ProviderDetails {
  name: string;
  address: string;
  supportPhone: string;
  supportEmail: string;
}

export const MARGIN = 56;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#d5dae1';
export const ACCENT = '#1c7ed6';

export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  /** The page's printable width. */
  width: number;
  /** Ends the document; resolves with its bytes. */
  finish(): Promise<Buffer>;
  right(text: string, x: number, y: number, w: number, font?: string): void;
}

/**
 * A letter-size document for the billing papers. pdfkit (12 MB and most of a second to load) is
 * loaded by the first document asked for, not at start-up.
 */
export async function openPdf(info: { Title: string; Author: string }): Promise<OpenPdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    width: doc.page.width - MARGIN * 2,
    finish() {
      doc.end();
      return done;
    },
    right(text, x, y, w, font = 'Helvetica') {
      doc.font(font).text(text, x, y, { width: w, align: 'right' });
    },
  };
}

/**
 * The heading every billing paper starts with: the provider (name, address, how to reach it) on
 * the left, the document's title and number on the right. Returns where the body may start.
 */
export function providerHeading({ doc, width, right }: OpenPdf, provider: ProviderDetails, title: string, number: string): number {
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(provider.name, MARGIN, MARGIN, { width: width * 0.6 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  doc.text(provider.address, { width: width * 0.6 });
  doc.text(`${provider.supportPhone} · ${provider.supportEmail}`, { width: width * 0.6 });
  const leftBottom = doc.y;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22);
  right(title, MARGIN, MARGIN, width, 'Helvetica-Bold');
  doc.fontSize(11).fillColor(MUTED);
  right(`No. ${number}`, MARGIN, MARGIN + 28, width);
  return Math.max(leftBottom, MARGIN + 44) + 24;
}

/** A label and its value, one row of a document's facts. */
export function factRow({ doc, right }: OpenPdf, label: string, value: string, x: number, y: number, w: number, labelWidth = 100): void {
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, x, y, { width: labelWidth });
  doc.fillColor(INK).fontSize(10);
  right(value, x + labelWidth, y, w - labelWidth);
}
