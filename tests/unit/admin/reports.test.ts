import { describe, expect, it } from 'vitest';
import {
  readReportFilters,
  reportArguments,
  reportQuery,
} from '../../../src/features/admin/reports/report-filters.ts';
import { formatCell } from '../../../src/features/admin/reports/report-format.ts';
import type { Report } from '../../../src/features/admin/reports/report-schema.ts';
import { percentOf, reportTables } from '../../../src/features/admin/reports/report-tables.ts';

const funnel = (started: number, submitted: number, offered: number, accepted: number) => ({
  started,
  submitted,
  complete: submitted,
  decided: offered,
  offered,
  accepted,
  enrolled: 0,
});

const REPORT: Report = {
  cycle: 2027,
  previous_cycle: 2026,
  as_of: '2027-03-01T00:00:00+00:00',
  funnel: { current: funnel(10, 8, 4, 1), previous: funnel(0, 0, 0, 0) },
  by_course: [],
  time_to_decision: {
    current: { decided: 4, median_days: 12.5, p90_days: 30 },
    previous: { decided: 0, median_days: null, p90_days: null },
    by_month: [{ month: '2027-01-01', decided: 4, median_days: 12.5, p90_days: 30 }],
    by_course: [],
  },
  waiting: [],
  nationality: [
    { key: 'NG', current: 3, previous: 1 },
    { key: '', current: 1, previous: 0 },
  ],
  residence: [],
  level: [{ key: 'bachelor', current: 8, previous: 0 }],
  field: [],
  weeks: [],
  staff: [],
  open_work: [],
  options: { cycles: [2027], universities: [] },
};

const table = (id: string) => reportTables(REPORT).find((candidate) => candidate.id === id);

describe('the report tables', () => {
  it('give each funnel step the share of the step before that reached it, and none where there was nobody', () => {
    const rows = table('funnel')?.rows;
    expect(rows?.[0]).toEqual(['Started', 10, null, 0, null]);
    expect(rows?.[1]).toEqual(['Submitted', 8, 80, 0, null]);
    expect(rows?.[5]).toEqual(['Accepted', 1, 25, 0, null]);
  });

  it('read yield as accepted and enrolled per offer made', () => {
    expect(table('yield')?.rows[0]).toEqual(['2027 cycle', 4, 1, 0, 25, 0]);
    expect(table('yield')?.rows[1]).toEqual(['2026 cycle', 0, 0, 0, null, null]);
  });

  it('name countries, levels and months, and say when a nationality was not given', () => {
    expect(table('nationality')?.rows).toEqual([
      ['Nigeria', 3, 1],
      ['Not given', 1, 0],
    ]);
    expect(table('level')?.rows).toEqual([['Bachelor’s', 8, 0]]);
    expect(table('time-by-month')?.rows[0]?.[0]).toBe('January 2027');
  });

  it('show an empty figure as a dash and shares with one decimal', () => {
    expect(formatCell(null, 'percent')).toBe('—');
    expect(formatCell(25, 'percent')).toBe('25.0%');
    expect(formatCell(12.5, 'days')).toBe('12.5 days');
    expect(formatCell(1234, 'count')).toBe('1,234');
    expect(percentOf(1, 3)).toBe(33.3);
  });
});

describe('the report filters', () => {
  it('keep what is well formed and drop the rest, so a hand-edited address never errors', () => {
    const filters = readReportFilters(
      new URLSearchParams(
        'cycle=2027&level=bachelor&nationality=ng&university=nope&from=2027-02-31&to=2027-01-31',
      ),
    );
    expect(reportArguments(filters)).toEqual({
      cycle: 2027,
      level: 'bachelor',
      nationality: 'NG',
      to: '2027-01-31',
    });
    expect(readReportFilters(new URLSearchParams('cycle=1800&level=wizard')).cycle).toBeNull();
  });

  it('put the days of a reversed range in order', () => {
    const filters = readReportFilters(new URLSearchParams('from=2027-03-01&to=2027-01-01'));
    expect([filters.from, filters.to]).toEqual(['2027-01-01', '2027-03-01']);
  });

  it('write the view back as a query string with changes applied', () => {
    const filters = readReportFilters(new URLSearchParams('cycle=2027'));
    const course = '0b0c0d0e-0000-4000-8000-000000000001';
    expect(reportQuery(filters, { course })).toBe(`cycle=2027&course=${course}`);
  });
});
