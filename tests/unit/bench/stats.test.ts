import { describe, expect, it } from 'vitest';
import { median, medianRunIndex, percentile, summarize } from '../../bench/stats.ts';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);

  it('uses the nearest rank, whatever the input order', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it('rounds the rank up on small samples, so p95 of 10 values is the largest', () => {
    const ten = [5, 1, 9, 3, 7, 2, 8, 4, 10, 6];
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 75)).toBe(8);
  });

  it('is NaN without samples and refuses a percentile outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('does not reorder the caller’s samples', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('median and summarize', () => {
  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7, 1, 4])).toBe(4);
  });

  it('summarizes count, percentiles and maximum', () => {
    const s = summarize([10, 20, 30, 40]);
    expect(s).toEqual({ count: 4, p50: 20, p95: 40, p99: 40, max: 40 });
  });
});

describe('medianRunIndex', () => {
  it('picks the run closest to the median on every metric together', () => {
    const runs = [
      { fcp: 700, lcp: 800 },
      { fcp: 1500, lcp: 1600 },
      { fcp: 900, lcp: 1000 },
      { fcp: 800, lcp: 900 },
      { fcp: 850, lcp: 2000 },
    ];
    // Medians are FCP 850 and LCP 1000: run 4 matches FCP exactly but its LCP is far off.
    expect(medianRunIndex(runs, ['fcp', 'lcp'])).toBe(2);
  });

  it('ignores an outlier on one metric when another run is typical on all', () => {
    const runs = [
      { fcp: 1000, tbt: 0 },
      { fcp: 1000, tbt: 400 },
      { fcp: 1010, tbt: 0 },
    ];
    expect(medianRunIndex(runs, ['fcp', 'tbt'])).toBe(0);
  });

  it('returns the only run, and refuses none', () => {
    expect(medianRunIndex([{ fcp: 1 }], ['fcp'])).toBe(0);
    expect(() => medianRunIndex([], ['fcp'])).toThrow(RangeError);
  });
});
