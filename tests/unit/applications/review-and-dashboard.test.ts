import { describe, expect, it } from 'vitest';
import { emptyAnswers, type ApplicationDraft } from '../../../src/features/applications/draft.ts';
import {
  incompleteSteps,
  missingDocuments,
  validateStep,
  wantsStatementFile,
} from '../../../src/features/applications/step-validation.ts';
import { problemSentence, submitProblems } from '../../../src/features/applications/submit-problems.ts';
import type { ApplicationDocument, DocumentRequirement } from '../../../src/features/applications/types.ts';
import { safeFileName } from '../../../src/features/applications/upload-file.ts';
import { recentActivity, upcomingDeadlines } from '../../../src/features/dashboard/dashboard-data.server.ts';

const rule = (kind: string, required = true): DocumentRequirement => ({
  kind,
  required,
  allowed_types: ['application/pdf'],
  max_size_bytes: 1024,
  description: '',
});
const doc = (kind: string, status: ApplicationDocument['status']): ApplicationDocument => ({
  id: kind,
  kind,
  file_name: `${kind}.pdf`,
  size_bytes: 10,
  content_type: 'application/pdf',
  status,
  rejection_reason: status === 'rejected' ? 'Blurred' : null,
  storage_path: '',
  created_at: '2026-11-21T10:00:00Z',
});

describe('missingDocuments', () => {
  it('lists required kinds with no upload or only a rejected one, never optional ones', () => {
    const missing = missingDocuments({
      requirements: [rule('passport'), rule('transcript'), rule('cv'), rule('reference', false)],
      documents: [doc('passport', 'uploaded'), doc('transcript', 'rejected')],
    });
    expect(missing.map((item) => item.kind)).toEqual(['transcript', 'cv']);
  });
});

describe('incompleteSteps', () => {
  it('reports every step of an empty draft except review', () => {
    const draft: ApplicationDraft = {
      id: null,
      version: null,
      course_id: null,
      intake_id: null,
      current_step: 'course',
      answers: emptyAnswers(),
      changed_at: '2026-11-21T10:00:00Z',
    };
    expect(incompleteSteps(draft, { requirements: [rule('passport')], documents: [] })).toEqual([
      'course',
      'personal',
      'academic',
      'english',
      'statement',
      'documents',
    ]);
  });

  it('asks for the statement once: typed, or (where the course requires the file) only on Documents', () => {
    const draft: ApplicationDraft = {
      id: null,
      version: null,
      course_id: null,
      intake_id: null,
      current_step: 'statement',
      answers: emptyAnswers(),
      changed_at: '2026-11-21T10:00:00Z',
    };
    const typed = { requirements: [rule('passport'), rule('statement', false)], documents: [] };
    expect(wantsStatementFile(typed.requirements)).toBe(false);
    expect(Object.keys(validateStep('statement', draft, typed))).toEqual(['statement']);
    const asFile = {
      requirements: [rule('passport'), rule('statement')],
      documents: [doc('passport', 'uploaded')],
    };
    expect(wantsStatementFile(asFile.requirements)).toBe(true);
    expect(validateStep('statement', draft, asFile)).toEqual({});
    expect(validateStep('documents', draft, asFile)).toEqual({
      'document-statement': 'Upload your personal statement.',
    });
  });
});

describe('submitProblems', () => {
  it('ties each missing item the database reports to the step that fixes it', () => {
    expect(
      submitProblems('The application is incomplete.', {
        answers: ['personal.nationality', 'statement'],
        documents: ['passport'],
      }),
    ).toEqual([
      { step: 'personal', text: 'Your nationality' },
      { step: 'statement', text: 'A personal statement of 300 to 5,000 characters' },
      { step: 'documents', text: 'The passport document' },
    ]);
  });

  it('sends a closed intake or a passed deadline to the first step', () => {
    expect(submitProblems('This intake is not accepting applications.', undefined)).toEqual([
      { step: 'course', text: 'This intake is not accepting applications.' },
    ]);
    expect(submitProblems('The deadline for this intake (2026-01-01) has passed.', undefined)[0]?.step).toBe(
      'course',
    );
  });

  it('sends an intake already applied to back to the choice of intake', () => {
    const message =
      'You have already applied to this course for September 2027: application UP-2027-ABC123. Follow it on your applications page, or withdraw it to apply again.';
    expect(submitProblems(message, undefined)).toEqual([{ step: 'course', text: message }]);
  });

  it('writes each problem as one sentence, never with two full stops', () => {
    expect(problemSentence({ step: 'course', text: 'This intake is not accepting applications.' })).toBe(
      'This intake is not accepting applications.',
    );
    expect(problemSentence({ step: 'documents', text: 'The passport document' })).toBe(
      'The passport document.',
    );
  });
});

describe('safeFileName', () => {
  it('keeps names the storage policy accepts and never a path', () => {
    expect(safeFileName('Passport scan (1).pdf')).toBe('Passport-scan-1.pdf');
    expect(safeFileName('../../etc/passwd.pdf')).toBe('etc-passwd.pdf');
    expect(safeFileName('Résumé.pdf')).toBe('Resume.pdf');
    expect(safeFileName('???')).toBe('document');
  });
});

describe('dashboard lists', () => {
  const app = {
    id: 'a1',
    status: 'draft',
    reference: null,
    created_at: '2026-11-01T09:00:00Z',
    course: { title: 'BSc Physics', university_name: 'Northmere University' },
    intake: { term: 'September 2027', deadline: '2027-06-30' },
    guide: null,
    history: [
      {
        to_status: 'submitted',
        created_at: '2026-11-02T09:00:00Z',
        actor_kind: 'applicant',
        note: 'Application submitted.',
      },
      { to_status: 'under_review', created_at: '2026-11-05T09:00:00Z', actor_kind: 'admissions', note: null },
    ],
  };
  const course = {
    id: 'c1',
    title: 'MSc Data Science',
    university_name: 'Tafwen University',
    slug: 'msc-data-science',
    intakes: [
      { term: 'January 2027', deadline: '2026-12-01', status: 'open' },
      { term: 'May 2027', deadline: '2027-03-01', status: 'closed' },
      { term: 'September 2026', deadline: '2026-06-01', status: 'open' },
    ],
  };

  it('orders deadlines soonest first and leaves out closed and past ones', () => {
    expect(upcomingDeadlines([app], [course], '2026-11-21').map((item) => [item.date, item.href])).toEqual([
      ['2026-12-01', '/courses/msc-data-science'],
      ['2027-06-30', '/admission-application?draft=a1'],
    ]);
  });

  it('shows the newest activity first', () => {
    expect(recentActivity([app]).map((item) => item.text)).toEqual([
      'BSc Physics: Under review',
      'BSc Physics: Application submitted.',
    ]);
  });
});
