import { describe, expect, it } from 'vitest';
import { assessScholarship, type ScholarshipRules } from '../../../src/features/scholarships/eligibility.ts';

const open: ScholarshipRules = {
  levels: [],
  nationalities: [],
  subjectAreas: [],
  minGradePercent: null,
  minGpa: null,
  deadline: null,
};
const today = '2026-11-25';

describe('assessScholarship', () => {
  it('finds anyone eligible for a scholarship without rules, because it is open to every nationality', () => {
    const result = assessScholarship(open, {}, today);
    expect(result.verdict).toBe('eligible');
    expect(result.reasons).toEqual(['it is open to every nationality']);
    expect(result.missing).toEqual([]);
  });

  it('explains each rule a full profile meets', () => {
    const rules = {
      ...open,
      levels: ['master'],
      nationalities: ['NG', 'GH'],
      subjectAreas: ['Engineering'],
      minGradePercent: 70,
    };
    const result = assessScholarship(
      rules,
      { nationality: 'NG', level: 'master', subject: 'Mechanical Engineering', gradePercent: 75 },
      today,
    );
    expect(result.verdict).toBe('eligible');
    expect(result.reasons).toEqual([
      "it is for master's study, the level you chose",
      'it is open to citizens of Nigeria',
      'it covers Mechanical Engineering',
      'your grades (75%) reach the 70% it asks for',
    ]);
    expect(result.blockers).toEqual([]);
  });

  it('refuses a nationality outside the list and names the countries it is for', () => {
    const result = assessScholarship({ ...open, nationalities: ['IN', 'PK'] }, { nationality: 'BR' }, today);
    expect(result.verdict).toBe('not_eligible');
    expect(result.blockers).toEqual(['it is only open to citizens of India or Pakistan']);
  });

  it('refuses a level, a subject and grades below the minimum', () => {
    const rules = { ...open, levels: ['bachelor'], subjectAreas: ['Law', 'Economics'], minGradePercent: 80 };
    const result = assessScholarship(rules, { level: 'master', subject: 'Nursing', gradePercent: 65 }, today);
    expect(result.verdict).toBe('not_eligible');
    expect(result.blockers).toEqual([
      "it is only for bachelor's study",
      'it is only for Law or Economics',
      'it asks for grades of at least 80%',
    ]);
  });

  it('accepts a GPA when the scholarship states its minimum as a GPA', () => {
    const rules = { ...open, minGpa: 3.5 };
    expect(assessScholarship(rules, { gpa: 3.7 }, today).reasons).toContain(
      'your GPA (3.7) reaches the 3.5 it asks for',
    );
    expect(assessScholarship(rules, { gpa: 3.2 }, today).blockers).toEqual([
      'it asks for a GPA of at least 3.5',
    ]);
  });

  it('lists the profile fields still empty instead of refusing', () => {
    const rules = {
      ...open,
      levels: ['master'],
      nationalities: ['KE'],
      subjectAreas: ['Data Science'],
      minGradePercent: 60,
    };
    const result = assessScholarship(rules, {}, today);
    expect(result.verdict).toBe('may_qualify');
    expect(result.missing).toEqual([
      'the level you want to study',
      'your nationality',
      'the subject you want to study',
      'your grade average (%)',
    ]);
    expect(result.blockers).toEqual([]);
  });

  it('says a failed rule outweighs missing fields', () => {
    const result = assessScholarship(
      { ...open, levels: ['doctorate'], nationalities: ['KE'] },
      { level: 'bachelor' },
      today,
    );
    expect(result.verdict).toBe('not_eligible');
    expect(result.missing).toEqual(['your nationality']);
  });

  it('refuses once the deadline has passed and accepts on the deadline day', () => {
    expect(assessScholarship({ ...open, deadline: '2026-11-24' }, {}, today).blockers).toEqual([
      'its deadline (2026-11-24) has passed',
    ]);
    expect(assessScholarship({ ...open, deadline: today }, {}, today).verdict).toBe('eligible');
  });
});
