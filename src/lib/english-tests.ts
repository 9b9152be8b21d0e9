/**
 * The English tests Unipath accepts, their score scales and the one rule for a valid score. The
 * profile, the application form and discover all read this table.
 */
export const ENGLISH_TESTS = {
  ielts: { label: 'IELTS Academic', short: 'IELTS', min: 0, max: 9, step: 0.5 },
  toefl: { label: 'TOEFL iBT', short: 'TOEFL iBT', min: 0, max: 120, step: 1 },
  pte: { label: 'PTE Academic', short: 'PTE Academic', min: 10, max: 90, step: 1 },
  duolingo: { label: 'Duolingo English Test', short: 'Duolingo English Test', min: 10, max: 160, step: 5 },
} as const;

export type EnglishTest = keyof typeof ENGLISH_TESTS;
export type EnglishScale = (typeof ENGLISH_TESTS)[EnglishTest];

export const ENGLISH_TEST_CODES = Object.keys(ENGLISH_TESTS) as [EnglishTest, ...EnglishTest[]];

/** The tests as select options. */
export const ENGLISH_TEST_OPTIONS = ENGLISH_TEST_CODES.map((value) => ({
  value,
  label: ENGLISH_TESTS[value].label,
}));

export function isEnglishTest(code: unknown): code is EnglishTest {
  return typeof code === 'string' && Object.hasOwn(ENGLISH_TESTS, code);
}

/** The test's scale, or undefined for a code that is not an accepted test. */
export const englishScale = (code: unknown): EnglishScale | undefined =>
  isEnglishTest(code) ? ENGLISH_TESTS[code] : undefined;

/** Whether a score lies on the test's scale: within its range and on one of its steps. */
export function onEnglishScale(test: EnglishTest, score: number): boolean {
  const { min, max, step } = ENGLISH_TESTS[test];
  if (!Number.isFinite(score) || score < min || score > max) return false;
  const steps = (score - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** What a form says of a score off the scale. */
export function englishScaleMessage(test: EnglishTest): string {
  const { label, min, max, step } = ENGLISH_TESTS[test];
  return `${label} scores run from ${min} to ${max} in steps of ${step}.`;
}

/** A score as the test reports it: IELTS with one decimal ("6.0"), the others as whole numbers. */
export const formatEnglishScore = (test: EnglishTest, score: number): string =>
  test === 'ielts' ? score.toFixed(1) : String(score);

/** A stored test code in words; older applications may hold "other". */
export function englishTestLabel(code: string): string {
  if (isEnglishTest(code)) return ENGLISH_TESTS[code].label;
  return code === 'other' ? 'Other test' : code.replace(/_/g, ' ');
}
