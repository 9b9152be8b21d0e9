import { LEVEL_LABELS, MODE_LABELS } from '../../lib/course-options.ts';
import type { Json } from '../../lib/supabase/database.types.ts';
import { countryName } from '../../lib/countries.ts';

/**
 * The /courses filters a saved search keeps: the shape the course search schema
 * (src/features/catalogue/schema.ts, courseSearchSchema) parses a query into. Sort, page and display
 * currency only change how results are shown, so they are not part of what is matched.
 */
export interface CourseFilters {
  q: string;
  level: readonly string[];
  field: readonly string[];
  country: readonly string[];
  university: readonly string[];
  tuition_max?: number | undefined;
  duration_max?: number | undefined;
  mode: readonly string[];
  language: readonly string[];
  intake?: number | undefined;
  currency?: string | undefined;
}

/** What public.saved_searches stores for one search, before the tuition ceiling is converted. */
export interface SavedSearchDraft {
  label: string;
  query: string;
  filters: { [key: string]: Json | undefined };
  tuitionMax: { amount: number; currency: string } | null;
}

const monthName = (month: number) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1));

/** Whether the filters narrow the catalogue at all; saving "every course" would alert on everything. */
export function hasFilters(filters: CourseFilters): boolean {
  return Boolean(
    filters.q ||
    filters.level.length ||
    filters.field.length ||
    filters.country.length ||
    filters.university.length ||
    filters.tuition_max !== undefined ||
    filters.duration_max !== undefined ||
    filters.mode.length ||
    filters.language.length ||
    filters.intake !== undefined,
  );
}

/** A name people recognise: "“robotics” · Master’s · Computer Science · United Kingdom". */
export function describeFilters(filters: CourseFilters, currency: string): string {
  const parts = [
    filters.q ? `“${filters.q}”` : '',
    filters.level.map((level) => LEVEL_LABELS[level] ?? level).join(', '),
    filters.field.join(', '),
    filters.country.map(countryName).join(', '),
    filters.university.length
      ? `${filters.university.length} ${filters.university.length === 1 ? 'university' : 'universities'}`
      : '',
    filters.mode.map((mode) => MODE_LABELS[mode] ?? mode).join(', '),
    filters.language.map((language) => language.toUpperCase()).join(', '),
    filters.tuition_max !== undefined ? `up to ${filters.tuition_max} ${currency} a year` : '',
    filters.duration_max !== undefined ? `up to ${filters.duration_max} months` : '',
    filters.intake !== undefined ? `starting in ${monthName(filters.intake)}` : '',
  ].filter(Boolean);
  return parts.join(' · ').slice(0, 200) || 'All courses';
}

/** The search to store: its filters, a stable query string for the link back, and its name. */
export function savedSearchDraft(filters: CourseFilters, displayCurrency: string): SavedSearchDraft {
  const currency = filters.currency ?? displayCurrency;
  const stored: { [key: string]: Json | undefined } = {
    q: filters.q || undefined,
    level: [...filters.level],
    field: [...filters.field],
    country: [...filters.country],
    university: [...filters.university],
    mode: [...filters.mode],
    language: [...filters.language],
    duration_max: filters.duration_max,
    intake: filters.intake,
  };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...stored, tuition_max: filters.tuition_max })) {
    if (Array.isArray(value))
      value
        .map(String)
        .sort()
        .forEach((item) => params.append(key, item));
    else if (value !== undefined) params.set(key, String(value));
  }
  if (filters.tuition_max !== undefined) params.set('currency', currency);
  return {
    label: describeFilters(filters, currency),
    query: params.toString(),
    filters: Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)),
    tuitionMax: filters.tuition_max === undefined ? null : { amount: filters.tuition_max, currency },
  };
}
