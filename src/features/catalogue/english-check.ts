import {
  ENGLISH_TEST_CODES,
  ENGLISH_TESTS,
  formatEnglishScore,
  type EnglishTest,
} from '../../lib/english-tests.ts';
import type { DiscoverTest } from './discover-schema.ts';
import type { Check } from './eligibility.ts';

export interface EnglishMinimums {
  minIelts: number | null;
  minToefl: number | null;
  minPte: number | null;
  minDuolingo: number | null;
}

function minimumFor(course: EnglishMinimums, test: EnglishTest): number | null {
  const byTest = {
    ielts: course.minIelts,
    toefl: course.minToefl,
    pte: course.minPte,
    duolingo: course.minDuolingo,
  };
  return byTest[test];
}

/** The accepted tests and minimums, e.g. "IELTS 6.0 or TOEFL iBT 79". */
export function listEnglishMinimums(course: EnglishMinimums): string {
  return ENGLISH_TEST_CODES.flatMap((test) => {
    const min = minimumFor(course, test);
    return min === null ? [] : [`${ENGLISH_TESTS[test].short} ${formatEnglishScore(test, min)}`];
  }).join(' or ');
}

/** Compares the visitor's English test score with the course's minimum for that test. */
export function englishCheck(
  course: EnglishMinimums,
  test: DiscoverTest | undefined,
  score: number | undefined,
): Check | null {
  const accepted = listEnglishMinimums(course);
  if (!accepted) return null;
  if (!test) return { topic: 'english', status: 'unknown', text: `asks for ${accepted}` };
  if (test === 'none')
    return { topic: 'english', status: 'missing', text: `needs an English test: ${accepted}` };
  const min = minimumFor(course, test);
  const name = ENGLISH_TESTS[test].short;
  if (min === null)
    return { topic: 'english', status: 'unknown', text: `does not list ${name}; accepts ${accepted}` };
  if (score === undefined)
    return { topic: 'english', status: 'unknown', text: `asks for ${name} ${formatEnglishScore(test, min)}` };
  return score >= min
    ? {
        topic: 'english',
        status: 'met',
        text: `${name} ${formatEnglishScore(test, score)} ≥ ${formatEnglishScore(test, min)} required`,
      }
    : {
        topic: 'english',
        status: 'missing',
        text: `needs ${name} ${formatEnglishScore(test, min)} — you have ${formatEnglishScore(test, score)}`,
      };
}
