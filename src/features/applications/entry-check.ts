import { isPriorLevel, PRIOR_LEVELS, type PriorLevel } from '../../lib/course-options.ts';
import { isEnglishTest } from '../../lib/english-tests.ts';
import type { Check } from '../catalogue/eligibility.ts';
import { gradeCheck, highestPriorLevel, priorCheck } from '../catalogue/eligibility-checks.ts';
import { englishCheck, type EnglishMinimums } from '../catalogue/english-check.ts';
import type { DraftAnswers } from './draft.ts';

/** A course's entry requirements, as Discover reads them. */
export interface EntryRequirements extends EnglishMinimums {
  minGradePercent: number | null;
  requiredPriorLevel: PriorLevel | null;
}

const PRIOR_LABELS: Readonly<Record<PriorLevel, string>> = {
  secondary: 'Secondary school',
  foundation: 'Foundation year',
  certificate: 'Certificate',
  diploma: 'Diploma',
  bachelor: 'Bachelor’s degree',
  master: 'Master’s degree',
};

export const PRIOR_LEVEL_OPTIONS = PRIOR_LEVELS.map((value) => ({ value, label: PRIOR_LABELS[value] }));

/** A grade the applicant wrote as a percentage ("72%", "72 / 100", "72 out of 100"); other scales are not guessed. */
export function gradePercent(text: string): number | undefined {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)\s*(?:%|\/\s*100|out of 100)\s*$/i.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return value >= 0 && value <= 100 ? value : undefined;
}

/**
 * The entry requirements the answers show as not met, by the rules Discover uses: the level of
 * study finished, the English test score and a grade given as a percentage. A warning only: the
 * applicant may submit anyway, and admissions decide.
 */
export function unmetEntryRequirements(course: EntryRequirements | null, answers: DraftAnswers): Check[] {
  if (!course) return [];
  const levels = answers.academic.map((row) => row.level).filter((level) => isPriorLevel(level));
  const grades = answers.academic
    .map((row) => gradePercent(row.grade))
    .filter((grade): grade is number => grade !== undefined);
  const test = answers.english_test.test;
  const score = Number(answers.english_test.score);
  const checks = [
    priorCheck(course, highestPriorLevel(levels)),
    englishCheck(
      course,
      isEnglishTest(test) ? test : undefined,
      answers.english_test.score && Number.isFinite(score) ? score : undefined,
    ),
    gradeCheck(course, grades.length > 0 ? Math.max(...grades) : undefined),
  ];
  return checks.filter((check): check is Check => check?.status === 'missing');
}
