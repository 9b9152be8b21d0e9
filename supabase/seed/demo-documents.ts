import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CASES, demoDocuments, type DemoCase, type DemoDocument } from './demo-cases.ts';
import { simplePdf, type PdfText } from './simple-pdf.ts';

/**
 * The demo documents' files: supabase/config.toml uploads this folder into the application-documents
 * bucket (objects_path), named by their paths below it. The PDFs are written by `npm run
 * seed:generate`; the passport scans are JPEG files kept in the repository, made once with
 * ImageMagick (`convert -size 480x300 xc:'#eef4ff' … -quality 70 passport.jpg`).
 */
export const DOCUMENTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'documents');

const NOTICE = 'Demo document made up for the Unipath demo data. It is not a real record.';

function pdfFor(demo: DemoCase, document: DemoDocument): PdfText {
  const { person } = demo;
  const name = demo.account.fullName;
  switch (document.kind) {
    case 'transcript':
      return {
        title: `${person.school}: academic transcript`,
        lines: [
          `Student: ${name}`,
          `Date of birth: ${person.dateOfBirth}`,
          `Qualification: ${person.qualification} (${person.field})`,
          `Final result: ${person.grade}`,
          '',
          NOTICE,
        ],
      };
    case 'english_test':
      return {
        title: 'IELTS Academic: test report form',
        lines: [
          `Candidate: ${name}`,
          `Overall band score: ${person.ielts.toFixed(1)}`,
          'Test date: 2026-06-20',
          '',
          NOTICE,
        ],
      };
    case 'passport':
      throw new Error(`the passport of ${name} is a scan kept in the repository, not a generated PDF`);
  }
}

/** Writes the demo PDFs; the passport JPEGs must already be there. */
export function writeDemoDocuments(dir = DOCUMENTS_DIR): void {
  for (const demo of DEMO_CASES) {
    for (const document of demoDocuments(demo)) {
      const file = join(dir, document.key);
      mkdirSync(dirname(file), { recursive: true });
      if (document.contentType === 'application/pdf') writeFileSync(file, simplePdf(pdfFor(demo, document)));
      else if (!existsSync(file)) throw new Error(`missing demo scan ${file}`);
    }
  }
}

/** A demo document's bytes, as the bucket will hold them. */
export function readDemoDocument(document: DemoDocument, dir = DOCUMENTS_DIR): Buffer {
  return readFileSync(join(dir, document.key));
}
