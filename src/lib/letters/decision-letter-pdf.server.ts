import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { countryName } from '../countries.ts';
import { letterConditions, letterDay, letterParagraphs, type DecisionLetter } from './decision-letter.ts';

// DejaVu covers the Latin, Greek and Cyrillic names and addresses applicants write; the PDF's
// standard fonts would drop anything outside Western European letters.
let fonts: { regular: Buffer; bold: Buffer } | null = null;
export function letterFonts() {
  if (!fonts) {
    const folder = join(
      dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    fonts = {
      regular: readFileSync(join(folder, 'DejaVuSans.ttf')),
      bold: readFileSync(join(folder, 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

const INK = '#1f2937';
const MUTED = '#4b5563';

/** Writes the letter on the page: letterhead, date, addressee, subject, body, conditions, signature. */
function write(doc: PDFKit.PDFDocument, letter: DecisionLetter) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.fillColor(INK).font('bold').fontSize(16).text(letter.university);
  doc.font('regular').fontSize(10).fillColor(MUTED).text('Admissions Office');
  if (letter.university_place) doc.text(letter.university_place);
  doc.moveDown(2).fillColor(INK).fontSize(11).text(letterDay(letter.issued_on), { align: 'right', width });
  doc.moveDown().text(letter.applicant_name);
  if (letter.address) doc.text(letter.address);
  if (letter.country) doc.text(countryName(letter.country));
  doc.moveDown(1.5).font('bold').text(`${letter.decision}: ${letter.course}, ${letter.term}`);
  doc.font('regular').text(`Application reference: ${letter.reference}`);
  doc.moveDown().text(`Dear ${letter.applicant_name},`);
  for (const paragraph of letterParagraphs(letter)) doc.moveDown(0.7).text(paragraph, { width });
  const conditions = letterConditions(letter);
  if (conditions.length > 0) {
    doc.moveDown(0.7).font('bold').text('Conditions of this offer');
    doc.font('regular');
    for (const line of conditions) doc.moveDown(0.3).text(line, { width, indent: 12 });
  }
  if (letter.application_url) {
    doc.moveDown(0.7).text(`Your application: ${letter.application_url}`, { width });
  }
  doc.moveDown(1.5).text('Yours sincerely,');
  doc.moveDown(2).font('bold').text(letter.signatory);
  doc.font('regular');
  if (letter.signatory_title) doc.text(letter.signatory_title);
  doc.text(letter.university);
}

/** The letter as a PDF document, ready to attach to an e-mail or to download. */
export function renderDecisionLetterPdf(letter: DecisionLetter): Promise<Buffer> {
  const { regular, bold } = letterFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    font: regular as unknown as string,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `${letter.decision}: ${letter.reference}`,
      Author: letter.university,
      Subject: `Decision letter for application ${letter.reference}`,
      CreationDate: new Date(`${letter.issued_on}T00:00:00Z`),
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
  write(doc, letter);
  doc.end();
  return done;
}
