import { LEVEL_WORDS } from './eligibility.ts';
import type { Scholarship } from './types.ts';

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

export function countryName(code: string): string {
  return countryNames.of(code) ?? code;
}

/** Who may apply, in short phrases: "Master's study", "Citizens of Nigeria or Ghana", "Grades of 70% or more". */
export function eligibilityPhrases(s: Scholarship): string[] {
  const phrases: string[] = [];
  const levels = s.levels.map((level) => LEVEL_WORDS[level] ?? level);
  phrases.push(levels.length ? `${capitalise(levels.join(', '))} study` : 'Any level of study');
  phrases.push(
    s.nationalities.length
      ? `Citizens of ${s.nationalities.length > 6 ? `${s.nationalities.length} countries (${s.nationalities.map(countryName).join(', ')})` : s.nationalities.map(countryName).join(', ')}`
      : 'Any nationality',
  );
  if (s.subjectAreas.length) phrases.push(`Subjects: ${s.subjectAreas.join(', ')}`);
  if (s.minGradePercent !== null) phrases.push(`Grades of ${s.minGradePercent}% or more`);
  if (s.minGpa !== null) phrases.push(`GPA of ${s.minGpa} or more (out of 4)`);
  return phrases;
}

/** What a scholarship can be used for. */
export function scope(s: Scholarship): string {
  if (s.appliesTo === 'any' || !s.university) return 'Any university';
  return s.appliesTo === 'university'
    ? `Every course at ${s.university.name}`
    : `Selected courses at ${s.university.name}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
