import { describe, expect, it } from 'vitest';
import { evaluateBudgets, exitCode, type Budget } from '../../bench/budgets.ts';
import { budgetRows } from '../../bench/report.ts';
import { SectionRecorder, type SectionResult } from '../../bench/types.ts';

const perf: Budget = {
  id: 'perf',
  text: 'performance 100',
  section: 'lighthouse',
  subjects: ['/', '/courses'],
  metrics: ['mobile:performance', 'desktop:performance'],
  op: '>=',
  limit: 100,
};
const search: Budget = {
  id: 'search',
  text: 'p95 ≤ 25 ms',
  section: 'search',
  subjects: ['PGlite'],
  metrics: ['db-p95'],
  op: '<=',
  limit: 25,
};

function lighthouse(figures: Record<string, number>, missing: string[] = []): SectionResult {
  const rec = new SectionRecorder('lighthouse');
  for (const [key, value] of Object.entries(figures)) {
    const [subject, metric] = key.split(' ');
    rec.metric(subject ?? '', metric ?? '', value);
  }
  for (const subject of missing) rec.unmeasured(subject, `not available yet: ${subject} answers 404`);
  return rec.result;
}

describe('evaluateBudgets', () => {
  it('passes figures at the limit and misses those beyond it', () => {
    const result = lighthouse({ '/ mobile:performance': 100, '/ desktop:performance': 99 }, ['/courses']);
    const checks = evaluateBudgets([result], [perf]);
    expect(checks.filter((c) => c.subject === '/').map((c) => c.status)).toEqual(['pass', 'fail']);
    expect(exitCode(checks, false)).toBe(1);
  });

  it('treats a page that does not exist yet as not measured, never as a pass', () => {
    const result = lighthouse({ '/ mobile:performance': 100, '/ desktop:performance': 100 }, ['/courses']);
    const checks = evaluateBudgets([result], [perf]);
    const courses = checks.filter((c) => c.subject === '/courses');
    expect(courses.map((c) => c.status)).toEqual(['unmeasured', 'unmeasured']);
    expect(courses[0]?.reason).toBe('not available yet: /courses answers 404');
    expect(exitCode(checks, false)).toBe(0);
    expect(exitCode(checks, true)).toBe(1);
  });

  it('checks upper limits and treats NaN as not measured', () => {
    const rec = new SectionRecorder('search');
    rec.metric('PGlite', 'db-p95', 25);
    expect(evaluateBudgets([rec.result], [search])[0]?.status).toBe('pass');
    rec.result.metrics[0] = { ...rec.result.metrics[0]!, value: 25.1 };
    expect(evaluateBudgets([rec.result], [search])[0]?.status).toBe('fail');
    rec.result.metrics[0] = { ...rec.result.metrics[0]!, value: Number.NaN };
    expect(evaluateBudgets([rec.result], [search])[0]?.status).toBe('unmeasured');
  });

  it('skips the budgets of sections that did not run', () => {
    const checks = evaluateBudgets([lighthouse({ '/ mobile:performance': 100 })], [search]);
    expect(checks).toEqual([]);
    expect(exitCode(checks, true)).toBe(0);
  });

  it('reports one row per budget and subject, showing the worst result', () => {
    const result = lighthouse({ '/ mobile:performance': 100, '/ desktop:performance': 98 }, ['/courses']);
    const rows = budgetRows(evaluateBudgets([result], [perf]));
    expect(rows).toEqual([
      ['perf', '/', 'mobile:performance 100, desktop:performance 98', '>= 100', '**MISSED**'],
      ['perf', '/courses', '—', '>= 100', 'not measured (not available yet: /courses answers 404)'],
    ]);
  });
});
