import { formatDay } from '../../../lib/format-day.ts';
import { formatCount, formatDays } from '../overview/chart-scale.ts';
import type { CellKind, CellValue } from './report-tables.ts';

const PERCENT = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A cell as the page shows it; an empty figure reads as a dash, which screen readers announce. */
export function formatCell(value: CellValue, kind: CellKind): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') return kind === 'day' ? formatDay(value) : value;
  switch (kind) {
    case 'count':
      return formatCount(value);
    case 'percent':
      return `${PERCENT.format(value)}%`;
    case 'days':
      return formatDays(value);
    default:
      return String(value);
  }
}
