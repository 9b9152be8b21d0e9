import PDFDocument from 'pdfkit';
import { letterFonts } from '../../lib/letters/decision-letter-pdf.server.ts';
import { formatDay } from '../../lib/format-day.ts';
import { formatMinor } from './money.ts';
import type { FeeInvoice } from './fees.server.ts';
import type { BankDetails } from './providers/bank-transfer.ts';

const INK = '#1f2937';
const MUTED = '#4b5563';

/** An invoice as a PDF: who pays, what for, what is left, and how to pay it by bank transfer. */
export function renderInvoicePdf(
  invoice: FeeInvoice,
  payer: string,
  bank: BankDetails | null,
): Promise<Buffer> {
  const { regular, bold } = letterFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    font: regular as unknown as string,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `Invoice ${invoice.reference}`,
      Author: 'Unipath Admissions',
      Subject: `Invoice ${invoice.reference}`,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.fillColor(INK).font('bold').fontSize(16).text('Unipath Admissions');
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(invoice.kind === 'deposit' ? 'Deposit invoice' : 'Application fee invoice');
  doc.moveDown(2).fillColor(INK).fontSize(11);
  doc.font('bold').text(`Invoice ${invoice.reference}`);
  doc.font('regular').text(`For: ${payer || 'the applicant'}`);
  doc.text(`Due by: ${formatDay(invoice.dueOn)}`);
  doc.moveDown();
  for (const line of invoice.lines) {
    doc.text(`${line.description}: ${formatMinor(line.amount_minor, invoice.currency)}`, { width });
  }
  if (invoice.paidMinor + invoice.waivedMinor + invoice.refundedMinor !== 0) {
    doc.text(
      `Paid or waived so far: ${formatMinor(invoice.paidMinor + invoice.waivedMinor + invoice.refundedMinor, invoice.currency)}`,
    );
  }
  doc
    .moveDown(0.5)
    .font('bold')
    .text(`Left to pay: ${formatMinor(invoice.outstandingMinor, invoice.currency)}`);
  doc.moveDown(1.5).font('bold').text('Pay by bank transfer');
  doc.font('regular');
  if (bank) {
    doc.text(`Account name: ${bank.accountName}`);
    doc.text(`IBAN: ${bank.iban}`);
    if (bank.bic) doc.text(`BIC: ${bank.bic}`);
    if (bank.bankName) doc.text(`Bank: ${bank.bankName}`);
  } else {
    doc.text('The bank details are not set up yet; write to admissions through your application.', { width });
  }
  doc.text(`Payment reference: ${invoice.reference}`);
  doc
    .moveDown()
    .fillColor(MUTED)
    .text('Quote the payment reference exactly, so that admissions can match your payment.', { width });
  doc.end();
  return done;
}
