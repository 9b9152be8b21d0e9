import type { EnglishTest } from './discover-schema.ts';
import type { Check } from './eligibility.ts';

export interface EnglishMinimums {
  minIelts: number | null;
  minToefl: number | null;
  minPte: number | null;
  minDuolingo: number | null;
}

const TEST_NAMES = {
  ielts: 'IELTS',
  toefl: 'TOEFL iBT',
  pte: 'PTE Academic',
  duolingo: 'Duolingo English Test',
} as const;
type ScoredTest = keyof typeof TEST_NAMES;

function minimumFor(course: EnglishMinimums, test: ScoredTest): number | null {
  const byTest = {
    ielts: course.minIelts,
    toefl: course.minToefl,
    pte: course.minPte,
    duolingo: course.minDuolingo,
  };
  return byTest[test];
}

function formatScore(test: ScoredTest, value: number): string {
  return test === 'ielts' ? value.toFixed(1) : String(value);
}

/** The accepted tests and minimums, e.g. "IELTS 6.0 or TOEFL iBT 79". */
export function listEnglishMinimums(course: EnglishMinimums): string {
  return (Object.keys(TEST_NAMES) as ScoredTest[])
    .flatMap((test) => {
      const min = minimumFor(course, test);
      return min === null ? [] : [`${TEST_NAMES[test]} ${formatScore(test, min)}`];
    })
    .join(' or ');
}

/** Compares the visitor's English test score with the course's minimum for that test. */
export function englishCheck(
  course: EnglishMinimums,
  test: EnglishTest | undefined,
  score: number | undefined,
): Check | null {
  const accepted = listEnglishMinimums(course);
  if (!accepted) return null;
  if (!test) return { topic: 'english', status: 'unknown', text: `asks for ${accepted}` };
  if (test === 'none')
    return { topic: 'english', status: 'missing', text: `needs an English test: ${accepted}` };
  const min = minimumFor(course, test);
  const name = TEST_NAMES[test];
  if (min === null)
    return { topic: 'english', status: 'unknown', text: `does not list ${name}; accepts ${accepted}` };
  if (score === undefined)
    return { topic: 'english', status: 'unknown', text: `asks for ${name} ${formatScore(test, min)}` };
  return score >= min
    ? {
        topic: 'english',
        status: 'met',
        text: `${name} ${formatScore(test, score)} ≥ ${formatScore(test, min)} required`,
      }
    : {
        topic: 'english',
        status: 'missing',
        text: `needs ${name} ${formatScore(test, min)} — you have ${formatScore(test, score)}`,
      };
}
