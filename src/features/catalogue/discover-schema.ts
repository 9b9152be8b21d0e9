import { z } from 'zod';
import { PRIOR_LEVELS, type PriorLevel } from '../../lib/course-options.ts';
import { DISPLAY_CURRENCIES } from '../../lib/display-currency.ts';
import { ENGLISH_TEST_CODES, isEnglishTest, onEnglishScale } from '../../lib/english-tests.ts';
import { countryCode, listOf, optionalAmount, optionalInt, readQuery } from './params.ts';
import { LEVELS } from './schema.ts';

/** The test the visitor took, or "none" when they have not taken one yet. */
const DISCOVER_TESTS = [...ENGLISH_TEST_CODES, 'none'] as const;
export type DiscoverTest = (typeof DISCOVER_TESTS)[number];
export { PRIOR_LEVELS, type PriorLevel };

export const discoverSchema = z
  .object({
    level: z.enum(LEVELS).optional().catch(undefined),
    field: z.string().trim().min(2).max(80).optional().catch(undefined),
    country: listOf(countryCode, 10),
    budget: optionalAmount,
    currency: z.enum(DISPLAY_CURRENCIES).optional().catch(undefined),
    test: z.enum(DISCOVER_TESTS).optional().catch(undefined),
    score: z.coerce.number().min(0).max(160).optional().catch(undefined),
    grade: optionalInt(0, 100),
    prior: z.enum(PRIOR_LEVELS).optional().catch(undefined),
    nationality: countryCode.optional().catch(undefined),
    start: optionalInt(1, 12),
  })
  .transform((answers) => {
    const { test, score } = answers;
    const scored = isEnglishTest(test) && score !== undefined && onEnglishScale(test, score);
    return { ...answers, score: scored ? score : undefined };
  });
export type DiscoverAnswers = z.infer<typeof discoverSchema>;

export function parseDiscover(params: URLSearchParams): DiscoverAnswers {
  return discoverSchema.parse(readQuery(params, ['country']));
}

/** Whether enough was answered to look for matches. */
export function hasAnswers(answers: DiscoverAnswers): boolean {
  return answers.level !== undefined || answers.field !== undefined || answers.country.length > 0;
}
