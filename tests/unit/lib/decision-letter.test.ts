import { describe, expect, it } from 'vitest';
import {
  letterFileName,
  letterParagraphs,
  parseDecisionLetter,
  type DecisionLetter,
} from '../../../src/lib/letters/decision-letter.ts';
import { renderDecisionLetterPdf } from '../../../src/lib/letters/decision-letter-pdf.server.ts';
import { pdfText } from '../../helpers/pdf-text.ts';

const offer: DecisionLetter = {
  decision_id: '00000000-0000-4000-8000-000000000001',
  application_id: '00000000-0000-4000-8000-000000000002',
  outcome: 'offer_conditional',
  decision: 'Conditional offer',
  issued_on: '2031-03-02',
  reference: 'UP-2031-000042',
  applicant_name: 'Zoë Müller-Łukasiewicz',
  address: '12 Rue de la Paix\n75002 Paris',
  country: 'FR',
  course: 'BSc Mathematics',
  university: 'University of Northbridge',
  university_place: 'Northbridge, United Kingdom',
  term: 'September 2031',
  starts_on: '2031-09-15',
  reply_by: '2031-04-01',
  conditions: [
    { text: 'A-level Mathematics at grade A', deadline: '2031-08-31' },
    { text: 'IELTS 6.5 overall', deadline: '2031-07-31' },
  ],
  signatory: 'Dr Amira Hassan',
  signatory_title: 'Director of Admissions',
  application_url: 'https://unipath.example/applications/00000000-0000-4000-8000-000000000002',
};

describe('the decision letter', () => {
  it('reads the database’s letter and refuses anything else', () => {
    expect(parseDecisionLetter(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
    expect(parseDecisionLetter(null)).toBeNull();
    expect(parseDecisionLetter({ ...offer, reference: 42 })).toBeNull();
  });

  it('says what each decision means, with the reply-by date and the public reason', () => {
    expect(letterParagraphs(offer).join(' ')).toContain('on the conditions below');
    expect(letterParagraphs(offer).join(' ')).toContain('by 1 April 2031');
    const rejected = letterParagraphs({ ...offer, outcome: 'rejected', reason: 'The course is full.' });
    expect(rejected).toEqual([
      'We are sorry to tell you that we cannot offer you a place on BSc Mathematics at University of Northbridge for September 2031.',
      'The reason: The course is full.',
    ]);
    expect(letterParagraphs({ ...offer, outcome: 'conditions_met', reply_by: undefined })[1]).toBe(
      'Your place is confirmed. Admissions will send your enrolment instructions.',
    );
  });

  it('is a one-page PDF a reader can read: reference, decision, conditions with deadlines, signature', async () => {
    const pdf = await renderDecisionLetterPdf(offer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, title } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(title).toBe('Conditional offer: UP-2031-000042');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Application reference: UP-2031-000042');
    expect(flat).toContain('Conditional offer: BSc Mathematics, September 2031');
    expect(flat).toContain('Dear Zoë Müller-Łukasiewicz,');
    expect(flat).toContain('1. A-level Mathematics at grade A (by 31 August 2031)');
    expect(flat).toContain('2. IELTS 6.5 overall (by 31 July 2031)');
    expect(flat).toContain('75002 Paris France');
    expect(flat).toContain('Dr Amira Hassan');
    expect(flat).toContain('Director of Admissions');
    expect(flat).toContain('2 March 2031');
  });

  it('names its file after the reference and the day, with nothing a header could break on', () => {
    expect(letterFileName(offer)).toBe('decision-letter-UP-2031-000042-2031-03-02.pdf');
    expect(letterFileName({ ...offer, reference: 'x"\r\ny' })).toBe('decision-letter-xy-2031-03-02.pdf');
  });
});
