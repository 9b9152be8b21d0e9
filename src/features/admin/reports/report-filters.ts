import { COURSE_LEVELS } from '../../../lib/course-options.ts';
import { isIsoCountryCode } from '../../../lib/countries.ts';
import { isUuid } from '../../../lib/uuid.ts';

/** The reports' filters; all in the URL, so the exports take the very same view. */
export interface ReportFilters {
  cycle: number | null;
  intake: string;
  course: string;
  university: string;
  level: string;
  nationality: string;
  /** The days, as YYYY-MM-DD, the counted applications were started between (both included). */
  from: string;
  to: string;
}

const FILTER_KEYS = [
  'cycle',
  'intake',
  'course',
  'university',
  'level',
  'nationality',
  'from',
  'to',
] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  if (!value || !DAY.test(value)) return '';
  const parsed = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value ? '' : value;
}

/** Unknown or malformed values mean "any", so a hand-edited URL never errors. */
export function readReportFilters(params: URLSearchParams): ReportFilters {
  const cycle = Number(params.get('cycle'));
  const level = params.get('level') ?? '';
  const nationality = (params.get('nationality') ?? '').toUpperCase();
  const id = (key: string) => {
    const value = params.get(key) ?? '';
    return isUuid(value) ? value.toLowerCase() : '';
  };
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    cycle: Number.isInteger(cycle) && cycle >= 2000 && cycle <= 2100 ? cycle : null,
    intake: id('intake'),
    course: id('course'),
    university: id('university'),
    level: (COURSE_LEVELS as readonly string[]).includes(level) ? level : '',
    nationality: isIsoCountryCode(nationality) ? nationality : '',
    from,
    to,
  };
}

/** The filters as admissions_report takes them: only those set. */
export function reportArguments(filters: ReportFilters): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== null && value !== '') args[key] = value;
  }
  return args;
}

/** The view's query string (no "?"), with `changes` applied; defaults left out. */
export function reportQuery(filters: ReportFilters, changes: Partial<ReportFilters> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(reportArguments({ ...filters, ...changes }))) {
    params.set(key, String(value));
  }
  return params.toString();
}
