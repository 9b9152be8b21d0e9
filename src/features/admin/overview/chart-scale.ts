/** The top of a chart's axis: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value (1 when all are 0). */
export function niceMax(values: readonly number[]): number {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  if (largest <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= largest) ?? 10;
  return step * magnitude;
}

/**
 * How much of the axis a bar fills, in percent rounded to one decimal. Any value above zero keeps a
 * sliver (2%) so a small count never looks like none.
 */
export function barPercent(value: number, max: number): number {
  if (!Number.isFinite(value) || value <= 0 || !Number.isFinite(max) || max <= 0) return 0;
  const percent = Math.min(100, (value / max) * 100);
  return Math.round(Math.max(2, percent) * 10) / 10;
}

export interface Bar {
  label: string;
  value: number;
  /** What the figure says next to the bar, e.g. "12" or "4.5 days". */
  display: string;
  percent: number;
  href?: string;
}

export interface BarInput {
  label: string;
  value: number;
  display?: string;
  href?: string;
}

/** Bars scaled against one shared axis so lengths compare across the chart. */
export function scaleBars(items: readonly BarInput[]): Bar[] {
  const max = niceMax(items.map((item) => item.value));
  return items.map(({ label, value, display, href }) => ({
    label,
    value,
    display: display ?? formatCount(value),
    percent: barPercent(value, max),
    ...(href ? { href } : {}),
  }));
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-GB').format(value);
}

/** "4.5 days", "1 day", "0 days"; at most one decimal. */
export function formatDays(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(rounded)} ${rounded === 1 ? 'day' : 'days'}`;
}
