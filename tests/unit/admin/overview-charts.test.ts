import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  barPercent,
  formatDays,
  niceMax,
  scaleBars,
} from '../../../src/features/admin/overview/chart-scale.ts';
import {
  decisionBars,
  kpisSchema,
  leadSourceBars,
  statusBars,
  weekColumns,
  type Kpis,
} from '../../../src/features/admin/overview/kpis.ts';

const weeks = Array.from({ length: 12 }, (_, index) => ({
  week: new Date(Date.UTC(2026, 8, 7 + 7 * index)).toISOString().slice(0, 10),
  count: index % 3,
}));

const KPIS: Kpis = {
  applications_by_status: [
    { status: 'submitted', count: 8 },
    { status: 'under_review', count: 3 },
    { status: 'offer_conditional', count: 1 },
  ],
  drafts: 5,
  submissions_per_week: weeks,
  leads_by_source: [
    { source: 'lead_form', count: 40 },
    { source: 'whatsapp', count: 7 },
  ],
  new_leads: 12,
  time_to_decision: { decided: 4, median_days: 6.5, p90_days: 20.25 },
  awaiting_triage: 8,
  in_review: 3,
};

describe('niceMax', () => {
  it('rounds the largest value up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([3])).toBe(5);
    expect(niceMax([7, 2])).toBe(10);
    expect(niceMax([11])).toBe(20);
    expect(niceMax([40, 7])).toBe(50);
    expect(niceMax([200])).toBe(200);
    expect(niceMax([201])).toBe(500);
  });

  it('is never below the largest value nor more than 2.5 times it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1 }), (values) => {
        const largest = Math.max(...values);
        const top = niceMax(values);
        expect(top).toBeGreaterThanOrEqual(largest);
        if (largest > 1) expect(top).toBeLessThanOrEqual(largest * 2.5);
      }),
    );
  });
});

describe('barPercent', () => {
  it('draws nothing for zero and keeps a visible sliver for small counts', () => {
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(3, 0)).toBe(0);
    expect(barPercent(Number.NaN, 10)).toBe(0);
  });

  it('keeps bars in order of their values on a shared axis', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 2 }), (values) => {
        const bars = scaleBars(values.map((value, index) => ({ label: String(index), value })));
        for (const a of bars) {
          expect(a.percent).toBeGreaterThanOrEqual(0);
          expect(a.percent).toBeLessThanOrEqual(100);
          for (const b of bars) if (a.value > b.value) expect(a.percent).toBeGreaterThanOrEqual(b.percent);
        }
      }),
    );
  });
});

describe('the overview charts', () => {
  it('labels statuses as applicants see them and links each to the review queue filtered to it', () => {
    expect(statusBars(KPIS).map(({ label, display, href }) => [label, display, href])).toEqual([
      ['Submitted', '8', '/admin/applications?status=submitted'],
      ['Under review', '3', '/admin/applications?status=under_review'],
      ['Conditional offer', '1', '/admin/applications?status=offer_conditional'],
    ]);
  });

  it('names lead sources in words', () => {
    expect(leadSourceBars(KPIS).map((bar) => [bar.label, bar.display, bar.percent])).toEqual([
      ['Counselling form', '40', 80],
      ['WhatsApp clicks', '7', 14],
    ]);
  });

  it('shows the median and 90th percentile in days, and nothing before any decision', () => {
    expect(decisionBars(KPIS).map((bar) => [bar.label, bar.display])).toEqual([
      ['Median', '6.5 days'],
      ['90th percentile', '20.3 days'],
    ]);
    expect(formatDays(1)).toBe('1 day');
    expect(
      decisionBars({ ...KPIS, time_to_decision: { decided: 0, median_days: null, p90_days: null } }),
    ).toEqual([]);
  });

  it('labels the twelve weeks by their Monday, oldest first', () => {
    const columns = weekColumns(KPIS);
    expect(columns).toHaveLength(12);
    expect(columns[0]).toMatchObject({
      week: '2026-09-07',
      label: '7 Sept',
      day: '7',
      month: 'Sept',
      value: 0,
    });
    expect(columns[11]).toMatchObject({ week: '2026-11-23', value: 2, percent: 100 });
    // The month is written where it changes, so twelve labels fit a phone's width.
    expect(columns.map((column) => column.month).filter(Boolean)).toEqual(['Sept', 'Oct', 'Nov']);
    expect(columns.every((column) => column.label.startsWith(`${column.day} `))).toBe(true);
  });
});

describe('kpisSchema', () => {
  it('accepts what admin_kpis answers and refuses a malformed answer', () => {
    expect(kpisSchema.safeParse(KPIS).success).toBe(true);
    expect(kpisSchema.safeParse({ ...KPIS, drafts: '5' }).success).toBe(false);
    expect(
      kpisSchema.safeParse({ ...KPIS, submissions_per_week: [{ week: 'monday', count: 1 }] }).success,
    ).toBe(false);
  });
});
