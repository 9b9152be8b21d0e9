import { z } from 'zod';
import { PRIOR_LEVELS, type PriorLevel } from '../../lib/course-options.ts';
import { DISPLAY_CURRENCIES } from '../../lib/display-currency.ts';
import { countryCode, listOf, optionalAmount, optionalInt, readQuery } from './params.ts';
import { LEVELS } from './schema.ts';

export const ENGLISH_TESTS = ['ielts', 'toefl', 'pte', 'duolingo', 'none'] as const;
export type EnglishTest = (typeof ENGLISH_TESTS)[number];
export { PRIOR_LEVELS, type PriorLevel };

/** Score scales of each English test, for form limits and for rejecting impossible scores. */
export const TEST_SCALES: Readonly<
  Record<Exclude<EnglishTest, 'none'>, { min: number; max: number; step: number }>
> = {
  ielts: { min: 0, max: 9, step: 0.5 },
  toefl: { min: 0, max: 120, step: 1 },
  pte: { min: 10, max: 90, step: 1 },
  duolingo: { min: 10, max: 160, step: 5 },
};

export const discoverSchema = z
  .object({
    level: z.enum(LEVELS).optional().catch(undefined),
    field: z.string().trim().min(2).max(80).optional().catch(undefined),
    country: listOf(countryCode, 10),
    budget: optionalAmount,
    currency: z.enum(DISPLAY_CURRENCIES).optional().catch(undefined),
    test: z.enum(ENGLISH_TESTS).optional().catch(undefined),
    score: z.coerce.number().min(0).max(160).optional().catch(undefined),
    grade: optionalInt(0, 100),
    prior: z.enum(PRIOR_LEVELS).optional().catch(undefined),
    start: optionalInt(1, 12),
  })
  .transform((answers) => {
    const scale = answers.test && answers.test !== 'none' ? TEST_SCALES[answers.test] : undefined;
    const score =
      scale && answers.score !== undefined && answers.score >= scale.min && answers.score <= scale.max
        ? answers.score
        : undefined;
    return { ...answers, score };
  });
export type DiscoverAnswers = z.infer<typeof discoverSchema>;

export function parseDiscover(params: URLSearchParams): DiscoverAnswers {
  return discoverSchema.parse(readQuery(params, ['country']));
}

/** Whether enough was answered to look for matches. */
export function hasAnswers(answers: DiscoverAnswers): boolean {
  return answers.level !== undefined || answers.field !== undefined || answers.country.length > 0;
}
