import { z } from 'zod';
import { COURSE_LEVELS as LEVELS, STUDY_MODES } from '../../lib/course-options.ts';
import { DISPLAY_CURRENCIES } from '../../lib/display-currency.ts';
import {
  countryCode,
  listOf,
  optionalAmount,
  optionalInt,
  pageNumber,
  readQuery,
  searchText,
  uuid,
} from './params.ts';

export { LEVELS, STUDY_MODES };

export const COURSE_SORTS = [
  'relevance',
  'tuition_asc',
  'tuition_desc',
  'deadline',
  'duration',
  'title',
] as const;
export const UNIVERSITY_SORTS = ['name', 'ranking', 'tuition_asc', 'tuition_desc'] as const;
export const UNIVERSITY_TYPES = ['public', 'private'] as const;
export const RANKING_BANDS = [100, 250, 500, 1000] as const;

export const PAGE_SIZE = 20;

const currency = z.enum(DISPLAY_CURRENCIES).optional().catch(undefined);

export const courseSearchSchema = z.object({
  q: searchText,
  level: listOf(z.enum(LEVELS)),
  field: listOf(z.string().min(2).max(80)),
  country: listOf(countryCode),
  university: listOf(uuid),
  tuition_max: optionalAmount,
  duration_max: optionalInt(1, 120),
  mode: listOf(z.enum(STUDY_MODES)),
  language: listOf(z.string().regex(/^[a-z]{2}$/)),
  intake: optionalInt(1, 12),
  sort: z.enum(COURSE_SORTS).catch('relevance').default('relevance'),
  page: pageNumber,
  currency,
});
export type CourseSearchInput = z.infer<typeof courseSearchSchema>;

export const universitySearchSchema = z.object({
  q: searchText,
  country: listOf(countryCode),
  city: listOf(z.string().min(1).max(120)),
  type: listOf(z.enum(UNIVERSITY_TYPES)),
  ranking: z.coerce
    .number()
    .refine((value) => (RANKING_BANDS as readonly number[]).includes(value))
    .optional()
    .catch(undefined),
  tuition_min: optionalAmount,
  tuition_max: optionalAmount,
  sort: z.enum(UNIVERSITY_SORTS).catch('name').default('name'),
  page: pageNumber,
  currency,
});
export type UniversitySearchInput = z.infer<typeof universitySearchSchema>;

export const compareSchema = z.object({ ids: listOf(uuid, 4), currency });
export type CompareInput = z.infer<typeof compareSchema>;

const COURSE_ARRAYS = ['level', 'field', 'country', 'university', 'mode', 'language'];
const UNIVERSITY_ARRAYS = ['country', 'city', 'type'];

export function parseCourseSearch(params: URLSearchParams): CourseSearchInput {
  return courseSearchSchema.parse(readQuery(params, COURSE_ARRAYS));
}

export function parseUniversitySearch(params: URLSearchParams): UniversitySearchInput {
  return universitySearchSchema.parse(readQuery(params, UNIVERSITY_ARRAYS));
}

export function parseCompare(params: URLSearchParams): CompareInput {
  return compareSchema.parse(readQuery(params, ['ids']));
}
