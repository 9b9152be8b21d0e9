import { z } from 'zod';
import { COURSE_LEVELS } from '../../lib/course-options.ts';
import { subjectMatches } from './eligibility.ts';
import type { Scholarship } from './types.ts';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The /scholarships filters; anything malformed in the URL is ignored rather than refused. */
export const scholarshipSearchSchema = z.object({
  q: z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim().slice(0, 100))
    .catch('')
    .default(''),
  country: optional(z.string().regex(/^[A-Z]{2}$/)),
  university: optional(
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(120),
  ),
  level: optional(z.enum(COURSE_LEVELS)),
  subject: optional(z.string().trim().min(2).max(80)),
  nationality: optional(z.string().regex(/^[A-Z]{2}$/)),
});
export type ScholarshipSearchInput = z.infer<typeof scholarshipSearchSchema>;

export function parseScholarshipSearch(params: URLSearchParams): ScholarshipSearchInput {
  return scholarshipSearchSchema.parse(Object.fromEntries(params));
}

export function isFiltered(input: ScholarshipSearchInput): boolean {
  return Boolean(
    input.q || input.country || input.university || input.level || input.subject || input.nationality,
  );
}

function textMatches(s: Scholarship, q: string): boolean {
  const haystack =
    `${s.name} ${s.provider} ${s.description} ${s.university?.name ?? ''} ${s.subjectAreas.join(' ')}`.toLowerCase();
  return q
    .toLowerCase()
    .split(' ')
    .every((word) => haystack.includes(word));
}

/**
 * The scholarships that fit the filters. A scholarship open to any university fits every country and
 * university; one without a level, subject or nationality rule fits every choice of it.
 */
export function filterScholarships(
  list: readonly Scholarship[],
  input: ScholarshipSearchInput,
): Scholarship[] {
  return list.filter(
    (s) =>
      (!input.q || textMatches(s, input.q)) &&
      (!input.country || !s.university || s.university.countryCode === input.country) &&
      (!input.university || !s.university || s.university.slug === input.university) &&
      (!input.level || s.levels.length === 0 || s.levels.includes(input.level)) &&
      (!input.subject ||
        s.subjectAreas.length === 0 ||
        s.subjectAreas.some((a) => subjectMatches(a, input.subject ?? ''))) &&
      (!input.nationality || s.nationalities.length === 0 || s.nationalities.includes(input.nationality)),
  );
}
