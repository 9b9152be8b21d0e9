import { describe, expect, it } from 'vitest';
import { englishStepSchema } from '../../../src/features/applications/schema.ts';
import { parseDiscover } from '../../../src/features/catalogue/discover-schema.ts';
import { testScoresSchema } from '../../../src/features/profile/schema.ts';
import { ENGLISH_TEST_CODES, ENGLISH_TESTS, onEnglishScale } from '../../../src/lib/english-tests.ts';

/** Every test's edges and steps, with whether the score is on its scale. */
const CASES = [
  ['ielts', 0, true],
  ['ielts', 6.5, true],
  ['ielts', 9, true],
  ['ielts', 6.3, false],
  ['ielts', 9.5, false],
  ['toefl', 0, true],
  ['toefl', 120, true],
  ['toefl', 79.5, false],
  ['pte', 9, false],
  ['pte', 10, true],
  ['pte', 90, true],
  ['duolingo', 10, true],
  ['duolingo', 125, true],
  ['duolingo', 127, false],
  ['duolingo', 165, false],
] as const;

/** Whether each of the three forms that take an English score accepts it. */
function verdicts(test: string, score: number) {
  const application = englishStepSchema.safeParse({ test, score: String(score), taken_on: '2025-01-01' });
  const profile = testScoresSchema.safeParse({
    'test_scores.0.test': test,
    'test_scores.0.score': String(score),
    'test_scores.0.taken_on': '2025-01-01',
  });
  const discover = parseDiscover(new URLSearchParams({ test, score: String(score) }));
  return [application.success, profile.success, discover.score === score];
}

describe('one English-test table and one scoring rule', () => {
  it.each(CASES)('%s %s is on the scale: %s', (test, score, valid) => {
    expect(onEnglishScale(test, score)).toBe(valid);
  });

  it.each(CASES)('the application, the profile and discover agree on %s %s', (test, score, valid) => {
    expect(verdicts(test, score)).toEqual([valid, valid, valid]);
  });

  it('offers the same tests everywhere', () => {
    expect(ENGLISH_TEST_CODES).toEqual(['ielts', 'toefl', 'pte', 'duolingo']);
    expect(ENGLISH_TESTS.ielts.label).toBe('IELTS Academic');
  });
});
