import type { SheetKind, SheetValue } from '../../../lib/spreadsheet.server.ts';
import { countryName } from '../../../lib/countries.ts';
import { LEVEL_LABELS } from '../../../lib/course-options.ts';
import { statusLabel } from '../../../lib/application-status.ts';
import type { Funnel, Report } from './report-schema.ts';

/**
 * Every report as one table model, which the page draws (chart and table), and the CSV and workbook
 * exports write: the three always show the same numbers.
 */
export type CellKind = SheetKind;
export type CellValue = SheetValue;

export interface ReportColumn {
  label: string;
  kind: CellKind;
}

export interface ReportChart {
  /** The column naming each bar, the one it draws, and the one drawn beside it (the previous cycle). */
  label: number;
  value: number;
  compare?: number;
  /** Only the first rows are drawn; the table has them all. */
  limit?: number;
}

export interface ReportTable {
  id: string;
  title: string;
  summary: string;
  columns: ReportColumn[];
  rows: CellValue[][];
  /** Where each row's first cell links to, if anywhere. */
  links?: (string | null)[];
  chart?: ReportChart;
  /** Said instead of an empty table. */
  empty: string;
}

/** Columns written as [label, kind] pairs. */
function columns(...pairs: [string, CellKind][]): ReportColumn[] {
  return pairs.map(([label, kind]) => ({ label, kind }));
}

export const FUNNEL_STEPS: readonly [keyof Funnel, string][] = [
  ['started', 'Started'],
  ['submitted', 'Submitted'],
  ['complete', 'Complete (in review)'],
  ['decided', 'Decided (released)'],
  ['offered', 'Offered'],
  ['accepted', 'Accepted'],
  ['enrolled', 'Enrolled'],
];

/** A share in percent with one decimal, or null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

function funnelTable(report: Report): ReportTable {
  const { current, previous } = report.funnel;
  return {
    id: 'funnel',
    title: 'Funnel',
    summary: `Applications of the ${report.cycle} cycle by the furthest step each reached, and the share of the step before that went on, beside the ${report.previous_cycle} cycle on the same date a year earlier.`,
    columns: columns(
      ['Step', 'text'],
      [`${report.cycle} cycle`, 'count'],
      [`${report.cycle} from the step before (%)`, 'percent'],
      [`${report.previous_cycle} cycle`, 'count'],
      [`${report.previous_cycle} from the step before (%)`, 'percent'],
    ),
    rows: FUNNEL_STEPS.map(([key, label], index) => {
      const before = FUNNEL_STEPS[index - 1]?.[0];
      return [
        label,
        current[key],
        before ? percentOf(current[key], current[before]) : null,
        previous[key],
        before ? percentOf(previous[key], previous[before]) : null,
      ];
    }),
    chart: { label: 0, value: 1, compare: 3 },
    empty: 'No application of this cycle matches these filters.',
  };
}

function yieldTable(report: Report): ReportTable {
  const row = (cycle: number, funnel: Funnel): CellValue[] => [
    `${cycle} cycle`,
    funnel.offered,
    funnel.accepted,
    funnel.enrolled,
    percentOf(funnel.accepted, funnel.offered),
    percentOf(funnel.enrolled, funnel.offered),
  ];
  return {
    id: 'yield',
    title: 'Yield',
    summary: 'Offers accepted and enrolled per offer made.',
    columns: columns(
      ['Cycle', 'text'],
      ['Offers made', 'count'],
      ['Accepted', 'count'],
      ['Enrolled', 'count'],
      ['Accepted per offer (%)', 'percent'],
      ['Enrolled per offer (%)', 'percent'],
    ),
    rows: [row(report.cycle, report.funnel.current), row(report.previous_cycle, report.funnel.previous)],
    chart: { label: 0, value: 4 },
    empty: 'No offer has been made.',
  };
}

function courseTable(
  report: Report,
  courseHref: (courseId: string, intakeId: string) => string,
): ReportTable {
  return {
    id: 'courses',
    title: 'By course and intake',
    summary: `The funnel of each course and intake, most applications first, with the course's submissions in the ${report.previous_cycle} cycle by the same date.`,
    columns: columns(
      ['Course', 'text'],
      ['University', 'text'],
      ['Intake', 'text'],
      ...FUNNEL_STEPS.map(([, label]): [string, CellKind] => [label.replace(/ \(.*\)$/, ''), 'count']),
      ['Offered per submitted (%)', 'percent'],
      [`Submitted, ${report.previous_cycle} cycle`, 'count'],
    ),
    rows: report.by_course.map((row) => [
      row.course_title,
      row.university_name,
      row.term,
      ...FUNNEL_STEPS.map(([key]) => row[key]),
      percentOf(row.offered, row.submitted),
      row.previous_submitted,
    ]),
    links: report.by_course.map((row) => courseHref(row.course_id, row.intake_id)),
    chart: { label: 0, value: 4, compare: 11, limit: 10 },
    empty: 'No course has applications matching these filters.',
  };
}

function timingTables(report: Report): ReportTable[] {
  const { current, previous, by_month, by_course } = report.time_to_decision;
  return [
    {
      id: 'time-to-decision',
      title: 'Time to decision',
      summary: 'Days from submission to the first decision released to the applicant.',
      columns: columns(
        ['Cycle', 'text'],
        ['Decided', 'count'],
        ['Median (days)', 'days'],
        ['90th percentile (days)', 'days'],
      ),
      rows: [
        [`${report.cycle} cycle`, current.decided, current.median_days, current.p90_days],
        [`${report.previous_cycle} cycle`, previous.decided, previous.median_days, previous.p90_days],
      ],
      chart: { label: 0, value: 2 },
      empty: 'No decision has been released.',
    },
    {
      id: 'time-by-month',
      title: 'Time to decision by month',
      summary: 'By the month the decision was released.',
      columns: columns(
        ['Month', 'text'],
        ['Decided', 'count'],
        ['Median (days)', 'days'],
        ['90th percentile (days)', 'days'],
      ),
      rows: by_month.map((row) => [monthName(row.month), row.decided, row.median_days, row.p90_days]),
      chart: { label: 0, value: 2 },
      empty: 'No decision has been released this cycle.',
    },
    {
      id: 'time-by-course',
      title: 'Time to decision by course',
      summary: 'The courses with the most decisions first.',
      columns: columns(
        ['Course', 'text'],
        ['University', 'text'],
        ['Decided', 'count'],
        ['Median (days)', 'days'],
        ['90th percentile (days)', 'days'],
      ),
      rows: by_course.map((row) => [
        row.course_title,
        row.university_name,
        row.decided,
        row.median_days,
        row.p90_days,
      ]),
      chart: { label: 0, value: 3, limit: 10 },
      empty: 'No decision has been released this cycle.',
    },
    {
      id: 'waiting',
      title: 'Waiting longest',
      summary: 'Submitted applications still waiting for a first decision, longest first.',
      columns: columns(
        ['Reference', 'text'],
        ['Course', 'text'],
        ['University', 'text'],
        ['Status', 'text'],
        ['Submitted', 'day'],
        ['Waiting (days)', 'days'],
      ),
      rows: report.waiting.map((row) => [
        row.reference,
        row.course_title,
        row.university_name,
        statusLabel(row.status),
        row.submitted_at.slice(0, 10),
        row.days,
      ]),
      links: report.waiting.map((row) => `/admin/applications/${row.id}`),
      chart: { label: 0, value: 5 },
      empty: 'No submitted application is waiting for a decision.',
    },
  ];
}

function breakdownTable(
  report: Report,
  id: 'nationality' | 'residence' | 'level' | 'field',
  title: string,
  keyLabel: string,
  counted: string,
  name: (key: string) => string,
): ReportTable {
  return {
    id,
    title,
    summary: `${counted} who submitted, this cycle and the last by the same date.`,
    columns: columns(
      [keyLabel, 'text'],
      [`${report.cycle} cycle`, 'count'],
      [`${report.previous_cycle} cycle`, 'count'],
    ),
    rows: report[id].map((row) => [name(row.key), row.current, row.previous]),
    chart: { label: 0, value: 1, compare: 2, limit: 15 },
    empty: 'Nobody has submitted an application matching these filters.',
  };
}

const country = (code: string) => (code ? countryName(code) : 'Not given');

function staffTables(report: Report): ReportTable[] {
  const person = (email: string | null, id: string) => email ?? `Former staff member ${id.slice(0, 8)}`;
  return [
    {
      id: 'staff-weeks',
      title: 'Decisions and reads per person',
      summary:
        'Decisions recommended and reads sent per person, by the Monday each week starts on (last 8 weeks).',
      columns: columns(['Person', 'text'], ['Week of', 'day'], ['Decisions', 'count'], ['Reads', 'count']),
      rows: report.staff.map((row) => [person(row.email, row.person), row.week, row.decisions, row.reads]),
      empty: 'Nobody recommended a decision or sent a read in these weeks.',
    },
    {
      id: 'open-work',
      title: 'Open work per person',
      summary: 'Reads assigned and not yet sent, and applications assigned that still wait for a decision.',
      columns: columns(['Person', 'text'], ['Open reads', 'count'], ['Assigned applications', 'count']),
      rows: report.open_work.map((row) => [person(row.email, row.person), row.open_reads, row.assigned]),
      chart: { label: 0, value: 1, compare: 2 },
      empty: 'Nobody has open work on these applications.',
    },
  ];
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthName(month: string): string {
  const date = new Date(`${month.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : MONTH.format(date);
}

/** Every report's table, in the page's order. */
export function reportTables(
  report: Report,
  courseHref: (courseId: string, intakeId: string) => string = () => '',
): ReportTable[] {
  return [
    funnelTable(report),
    yieldTable(report),
    courseTable(report, courseHref),
    ...timingTables(report),
    breakdownTable(report, 'nationality', 'Applicants by nationality', 'Nationality', 'Applicants', country),
    breakdownTable(
      report,
      'residence',
      'Applicants by country of residence',
      'Country',
      'Applicants',
      country,
    ),
    breakdownTable(
      report,
      'level',
      'Applications by level',
      'Level',
      'Applications',
      (key) => LEVEL_LABELS[key] ?? key,
    ),
    breakdownTable(report, 'field', 'Applications by field', 'Field', 'Applications', (key) => key),
    ...staffTables(report),
  ];
}
