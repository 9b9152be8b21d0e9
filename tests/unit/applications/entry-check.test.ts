import { describe, expect, it } from 'vitest';
import { emptyAnswers, type DraftAnswers } from '../../../src/features/applications/draft.ts';
import {
  gradePercent,
  unmetEntryRequirements,
  type EntryRequirements,
} from '../../../src/features/applications/entry-check.ts';

const msc: EntryRequirements = {
  minGradePercent: 60,
  requiredPriorLevel: 'bachelor',
  minIelts: 6.5,
  minToefl: 90,
  minPte: null,
  minDuolingo: null,
};

const school = (level: string, grade = 'B'): DraftAnswers['academic'][number] => ({
  institution: 'Kings College Lagos',
  qualification: 'WAEC',
  field: '',
  country: 'NG',
  start_year: '2017',
  end_year: '2023',
  grade,
  level,
});

function answers(change: Partial<DraftAnswers>): DraftAnswers {
  return { ...emptyAnswers(), ...change };
}

describe('the entry-requirement warning on the review step', () => {
  it('warns a secondary-school applicant that an MSc needs a bachelor’s degree', () => {
    const unmet = unmetEntryRequirements(
      msc,
      answers({ academic: [school('secondary')], english_test: { test: 'ielts', score: '7', taken_on: '' } }),
    );
    expect(unmet.map((check) => check.text)).toEqual([
      'needs a bachelor’s degree — you have secondary school',
    ]);
  });

  it('judges by the highest level given and the English test, by the rules Discover uses', () => {
    const unmet = unmetEntryRequirements(
      msc,
      answers({
        academic: [school('secondary'), school('bachelor', '72%')],
        english_test: { test: 'ielts', score: '6', taken_on: '' },
      }),
    );
    expect(unmet.map((check) => check.topic)).toEqual(['english']);
    expect(unmet[0]?.text).toMatch(/IELTS/);
  });

  it('warns about a grade only when it is written as a percentage', () => {
    const low = answers({ academic: [school('bachelor', '55 / 100')] });
    expect(unmetEntryRequirements(msc, low).map((check) => check.topic)).toEqual(['grade']);
    const unknownScale = answers({ academic: [school('bachelor', '3.2 GPA')] });
    expect(unmetEntryRequirements(msc, unknownScale)).toEqual([]);
    expect([
      gradePercent('72%'),
      gradePercent('72 out of 100'),
      gradePercent('A*'),
      gradePercent('120%'),
    ]).toEqual([72, 72, undefined, undefined]);
  });

  it('says nothing when nothing is known or the course asks for nothing', () => {
    expect(unmetEntryRequirements(msc, emptyAnswers())).toEqual([]);
    expect(unmetEntryRequirements(null, answers({ academic: [school('secondary')] }))).toEqual([]);
  });
});
