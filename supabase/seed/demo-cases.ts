import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';

/**
 * The demo applications: one per state an admissions cycle goes through, each reached through the
 * database's own functions (see demo-applications.ts). Intake 0 and 1 decide on a rolling basis;
 * intake 2 is a batch intake whose decisions wait for "publish decisions".
 */
export type DemoState =
  'submitted' | 'offer' | 'waitlisted' | 'conditions_pending' | 'held_offer' | 'held_unsuccessful';

export interface DemoPerson {
  dateOfBirth: string;
  nationality: string;
  phone: string;
  school: string;
  qualification: string;
  field: string;
  country: string;
  grade: string;
  ielts: number;
  statement: string;
}

export interface DemoCase {
  id: string;
  account: DemoAccount;
  intake: 0 | 1 | 2;
  state: DemoState;
  person: DemoPerson;
}

/** The conditions of the demo offers; each is due by the offer's own date (two weeks before its intake starts). */
export const DEMO_CONDITIONS =
  'Achieve IELTS Academic 6.5 overall (no band below 6.0) and send your final school certificate.';

const account = (email: string): DemoAccount => {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no demo account ${email}`);
  return found;
};

const statement = (opening: string) =>
  [
    opening,
    'Studying at school taught me to test an idea before trusting it, and leading a club showed me how',
    'much I enjoy explaining hard things simply. I want a degree that combines rigorous foundations',
    'with practical projects, so that I can go home able to build dependable things for the people',
    'around me. I am ready for the workload, and I look forward to contributing to student societies',
    'and peer tutoring.',
  ].join(' ');

export const DEMO_CASES: readonly DemoCase[] = [
  {
    id: 'd0000000-0000-4000-8000-0000000000a1',
    account: account('applicant@unipath.test'),
    intake: 0,
    state: 'submitted',
    person: {
      dateOfBirth: '2004-03-14',
      nationality: 'NG',
      phone: '+234 803 555 0142',
      school: 'Kings Crest Secondary School',
      qualification: 'WAEC Senior School Certificate',
      field: 'Sciences',
      country: 'NG',
      grade: 'A1 average',
      ielts: 7,
      statement: statement(
        "I have wanted to build software that helps people since I wrote my first program for my school library's lending records.",
      ),
    },
  },
  {
    id: 'd0000000-0000-4000-8000-0000000000a2',
    account: account('offer@unipath.test'),
    intake: 1,
    state: 'offer',
    person: {
      dateOfBirth: '2005-07-02',
      nationality: 'JP',
      phone: '+81 90 5555 0123',
      school: 'Sakuragaoka High School',
      qualification: 'Japanese Upper Secondary Certificate',
      field: 'Science track',
      country: 'JP',
      grade: '4.6 of 5',
      ielts: 6.5,
      statement: statement(
        'Since I repaired my first bicycle in Osaka, I have wanted to understand how the things we rely on are designed and kept working.',
      ),
    },
  },
  {
    id: 'd0000000-0000-4000-8000-0000000000a3',
    account: account('waitlist@unipath.test'),
    intake: 1,
    state: 'waitlisted',
    person: {
      dateOfBirth: '2005-01-23',
      nationality: 'IT',
      phone: '+39 333 555 0177',
      school: 'Liceo Scientifico Galileo Galilei',
      qualification: 'Diploma di Maturità',
      field: 'Scientific',
      country: 'IT',
      grade: '88 of 100',
      ielts: 7,
      statement: statement(
        'Growing up in Turin between a bakery and a robotics club, I learned that patience and curiosity make most problems smaller.',
      ),
    },
  },
  {
    id: 'd0000000-0000-4000-8000-0000000000a4',
    account: account('conditions@unipath.test'),
    intake: 1,
    state: 'conditions_pending',
    person: {
      dateOfBirth: '2004-11-09',
      nationality: 'BR',
      phone: '+55 11 95555 0199',
      school: 'Colégio Bandeirantes',
      qualification: 'Certificado de Conclusão do Ensino Médio',
      field: 'Exact sciences',
      country: 'BR',
      grade: '8.7 of 10',
      ielts: 6,
      statement: statement(
        'Volunteering at a community radio in São Paulo showed me how much good clear information can do for a neighbourhood.',
      ),
    },
  },
  {
    id: 'd0000000-0000-4000-8000-0000000000a5',
    account: account('held-offer@unipath.test'),
    intake: 2,
    state: 'held_offer',
    person: {
      dateOfBirth: '2005-04-30',
      nationality: 'IE',
      phone: '+353 85 555 0134',
      school: 'Coláiste Íde',
      qualification: 'Leaving Certificate',
      field: 'Higher level sciences',
      country: 'IE',
      grade: '560 points',
      ielts: 8,
      statement: statement(
        'Two summers spent counting seabirds on the Kerry coast turned a hobby into the question I want to spend my studies on.',
      ),
    },
  },
  {
    id: 'd0000000-0000-4000-8000-0000000000a6',
    account: account('held-outcome@unipath.test'),
    intake: 2,
    state: 'held_unsuccessful',
    person: {
      dateOfBirth: '2004-09-17',
      nationality: 'ES',
      phone: '+34 612 555 018',
      school: 'IES Ramiro de Maeztu',
      qualification: 'Bachillerato',
      field: 'Humanities',
      country: 'ES',
      grade: '6.1 of 10',
      ielts: 6,
      statement: statement(
        'Helping my grandfather run his shop in Madrid taught me to listen to people first and to numbers second.',
      ),
    },
  },
];

export interface DemoDocument {
  kind: 'passport' | 'transcript' | 'english_test';
  fileName: string;
  contentType: 'application/pdf' | 'image/jpeg';
  /** The object's name in the application-documents bucket, and its path below supabase/seed/documents. */
  key: string;
}

const KINDS = [
  ['passport', 'passport.jpg', 'image/jpeg'],
  ['transcript', 'school-transcript.pdf', 'application/pdf'],
  ['english_test', 'ielts-test-report.pdf', 'application/pdf'],
] as const;

/** The three documents the demo courses require (their statements are typed), under <applicant>/<application>/<uuid>-<name>. */
export function demoDocuments(demo: DemoCase): DemoDocument[] {
  const n = demo.id.slice(-1);
  return KINDS.map(([kind, fileName, contentType], index) => ({
    kind,
    fileName,
    contentType,
    key: `${demo.account.id}/${demo.id}/d0c00000-0000-4000-8000-0000000000${n}${index + 1}-${fileName}`,
  }));
}
