import { statusLabel } from '../../../../lib/application-status.ts';
import { countryName } from '../../../../lib/countries.ts';
import { ENGLISH_TESTS, isEnglishTest } from '../../../../lib/english-tests.ts';
import type { SheetKind, SheetValue } from '../../../../lib/spreadsheet.server.ts';
import { decisionLabel } from '../../../admissions/outcomes/decision-outcomes.ts';
import type { DraftAnswers } from '../../../applications/draft.ts';

/** One application as the export reads it: the row, its course and intake, and what staff know of it. */
export interface ExportApplication {
  id: string;
  reference: string | null;
  status: string;
  submitted_at: string | null;
  decided_at: string | null;
  /** The application's answers, read once per row. */
  answers: DraftAnswers;
  outcome_reason: string | null;
  offer_conditions: string | null;
  course: { title: string; university_name: string };
  intake: { term: string };
  email: string | null;
  assignee: string | null;
  /** The latest released decision's outcome. */
  outcome: string | null;
  /** Sent reads this member of staff may see: their count and mean total. */
  reads: { count: number; mean: number | null };
}

export interface ExportColumn {
  key: string;
  label: string;
  group: 'Application' | 'Applicant' | 'Answers' | 'Decision' | 'Assessment' | 'Staff';
  kind: SheetKind;
  value: (app: ExportApplication) => SheetValue;
  /** Ticked when the form first opens. */
  preset?: boolean;
}

const day = (value: string | null) => (value ? value.slice(0, 10) : null);
const orNull = (value: string | undefined) => (value ? value : null);

/** Every column the export offers, in the file's order. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  {
    key: 'reference',
    label: 'Reference',
    group: 'Application',
    kind: 'text',
    value: (a) => a.reference,
    preset: true,
  },
  {
    key: 'status',
    label: 'Status',
    group: 'Application',
    kind: 'text',
    value: (a) => statusLabel(a.status),
    preset: true,
  },
  {
    key: 'course',
    label: 'Course',
    group: 'Application',
    kind: 'text',
    value: (a) => a.course.title,
    preset: true,
  },
  {
    key: 'university',
    label: 'University',
    group: 'Application',
    kind: 'text',
    value: (a) => a.course.university_name,
    preset: true,
  },
  {
    key: 'intake',
    label: 'Intake',
    group: 'Application',
    kind: 'text',
    value: (a) => a.intake.term,
    preset: true,
  },
  {
    key: 'submitted',
    label: 'Submitted',
    group: 'Application',
    kind: 'day',
    value: (a) => day(a.submitted_at),
    preset: true,
  },
  { key: 'decided', label: 'Decided', group: 'Application', kind: 'day', value: (a) => day(a.decided_at) },
  {
    key: 'name',
    label: 'Applicant name',
    group: 'Applicant',
    kind: 'text',
    value: (a) => orNull(a.answers.personal.full_name),
    preset: true,
  },
  { key: 'email', label: 'E-mail', group: 'Applicant', kind: 'text', value: (a) => a.email },
  {
    key: 'nationality',
    label: 'Nationality',
    group: 'Applicant',
    kind: 'text',
    value: (a) => {
      const code = a.answers.personal.nationality;
      return code ? countryName(code) : null;
    },
  },
  {
    key: 'date_of_birth',
    label: 'Date of birth',
    group: 'Applicant',
    kind: 'day',
    value: (a) => orNull(a.answers.personal.date_of_birth),
  },
  {
    key: 'phone',
    label: 'Phone',
    group: 'Applicant',
    kind: 'text',
    value: (a) => orNull(a.answers.personal.phone),
  },
  {
    key: 'education',
    label: 'Education',
    group: 'Answers',
    kind: 'text',
    value: (a) =>
      a.answers.academic
        .map((row) =>
          [
            row.qualification,
            row.institution,
            [row.start_year, row.end_year].filter(Boolean).join('–'),
            row.grade,
          ]
            .filter(Boolean)
            .join(', '),
        )
        .join('; ') || null,
  },
  {
    key: 'english_test',
    label: 'English test',
    group: 'Answers',
    kind: 'text',
    value: (a) => {
      const test = a.answers.english_test;
      if (!test.test) return null;
      const name = isEnglishTest(test.test) ? ENGLISH_TESTS[test.test].short : test.test;
      return [name, test.score, test.taken_on ? `(${test.taken_on})` : ''].filter(Boolean).join(' ');
    },
  },
  {
    key: 'statement',
    label: 'Personal statement',
    group: 'Answers',
    kind: 'text',
    value: (a) => orNull(a.answers.statement),
  },
  {
    key: 'decision',
    label: 'Decision released',
    group: 'Decision',
    kind: 'text',
    value: (a) => (a.outcome ? decisionLabel(a.outcome) : null),
    preset: true,
  },
  {
    key: 'reason',
    label: 'Reason (as the applicant reads it)',
    group: 'Decision',
    kind: 'text',
    value: (a) => a.outcome_reason,
    preset: true,
  },
  {
    key: 'conditions',
    label: 'Offer conditions',
    group: 'Decision',
    kind: 'text',
    value: (a) => a.offer_conditions,
  },
  { key: 'reads', label: 'Reads sent', group: 'Assessment', kind: 'count', value: (a) => a.reads.count },
  {
    key: 'score',
    label: 'Mean read score',
    group: 'Assessment',
    kind: 'decimal',
    value: (a) => a.reads.mean,
  },
  { key: 'assignee', label: 'Assigned to', group: 'Staff', kind: 'text', value: (a) => a.assignee },
];

const BY_KEY = new Map(EXPORT_COLUMNS.map((column) => [column.key, column]));

/** The columns asked for, in the file's order; unknown keys are left out. */
export function chosenColumns(keys: readonly string[]): ExportColumn[] {
  const wanted = new Set(keys.filter((key) => BY_KEY.has(key)));
  return EXPORT_COLUMNS.filter((column) => wanted.has(column.key));
}
