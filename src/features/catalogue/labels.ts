import { LEVEL_LABELS, MODE_LABELS } from '../../lib/course-options.ts';

/** Words the catalogue shows for its stored codes. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export { LEVEL_LABELS, MODE_LABELS };

export const LANGUAGE_LABELS: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  nl: 'Dutch',
  es: 'Spanish',
  it: 'Italian',
};

export function levelLabel(level: string): string {
  return LEVEL_LABELS[level] ?? level;
}

export function durationLabel(months: number): string {
  if (months % 12 === 0) return `${months / 12} ${months === 12 ? 'year' : 'years'}`;
  return `${months} months`;
}
