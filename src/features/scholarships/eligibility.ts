/** What the eligibility rules need to know about a scholarship. Empty lists mean "any". */
export interface ScholarshipRules {
  levels: readonly string[];
  nationalities: readonly string[];
  subjectAreas: readonly string[];
  minGradePercent: number | null;
  minGpa: number | null;
  /** ISO date (YYYY-MM-DD) or null when applications are open all year. */
  deadline: string | null;
}

/** What a person has told us; any field may still be empty. */
export interface ScholarshipProfile {
  nationality?: string | null | undefined;
  level?: string | null | undefined;
  subject?: string | null | undefined;
  gradePercent?: number | null | undefined;
  gpa?: number | null | undefined;
}

export type Verdict = 'eligible' | 'not_eligible' | 'may_qualify';

export interface ScholarshipEligibility {
  /** eligible: every rule is met; may_qualify: none fails but the profile leaves some open. */
  verdict: Verdict;
  /** "you may qualify because…": the rules the profile meets. */
  reasons: string[];
  /** The rules the profile does not meet. */
  blockers: string[];
  /** Profile fields still empty that a rule needs. */
  missing: string[];
}

/** How a level reads in a sentence ("for master's study"). */
export const LEVEL_WORDS: Readonly<Record<string, string>> = {
  foundation: 'foundation',
  diploma: 'diploma',
  certificate: 'certificate',
  bachelor: "bachelor's",
  master: "master's",
  doctorate: 'doctoral',
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  return countryNames.of(code) ?? code;
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

export function subjectMatches(area: string, subject: string): boolean {
  const a = area.trim().toLowerCase();
  const s = subject.trim().toLowerCase();
  return a.length > 0 && s.length > 0 && (a.includes(s) || s.includes(a));
}

type Outcome = { kind: 'met' | 'failed'; text: string } | { kind: 'missing'; field: string } | null;

function levelRule(rules: ScholarshipRules, profile: ScholarshipProfile): Outcome {
  if (rules.levels.length === 0) return null;
  const wanted = listWords(rules.levels.map((level) => LEVEL_WORDS[level] ?? level));
  if (!profile.level) return { kind: 'missing', field: 'the level you want to study' };
  return rules.levels.includes(profile.level)
    ? { kind: 'met', text: `it is for ${wanted} study, the level you chose` }
    : { kind: 'failed', text: `it is only for ${wanted} study` };
}

function nationalityRule(rules: ScholarshipRules, profile: ScholarshipProfile): Outcome {
  if (rules.nationalities.length === 0) return null;
  if (!profile.nationality) return { kind: 'missing', field: 'your nationality' };
  const names = listWords(rules.nationalities.map(countryName));
  return rules.nationalities.includes(profile.nationality)
    ? { kind: 'met', text: `it is open to citizens of ${countryName(profile.nationality)}` }
    : { kind: 'failed', text: `it is only open to citizens of ${names}` };
}

function subjectRule(rules: ScholarshipRules, profile: ScholarshipProfile): Outcome {
  if (rules.subjectAreas.length === 0) return null;
  if (!profile.subject?.trim()) return { kind: 'missing', field: 'the subject you want to study' };
  const subject = profile.subject.trim();
  return rules.subjectAreas.some((area) => subjectMatches(area, subject))
    ? { kind: 'met', text: `it covers ${subject}` }
    : { kind: 'failed', text: `it is only for ${listWords(rules.subjectAreas)}` };
}

function gradeRule(rules: ScholarshipRules, profile: ScholarshipProfile): Outcome {
  const percent = rules.minGradePercent;
  const gpa = rules.minGpa;
  if (percent === null && gpa === null) return null;
  const hasPercent = percent !== null && profile.gradePercent != null;
  const hasGpa = gpa !== null && profile.gpa != null;
  if (!hasPercent && !hasGpa) {
    return { kind: 'missing', field: percent !== null ? 'your grade average (%)' : 'your GPA (out of 4)' };
  }
  if (hasPercent && (profile.gradePercent ?? 0) >= percent) {
    return { kind: 'met', text: `your grades (${profile.gradePercent}%) reach the ${percent}% it asks for` };
  }
  if (hasGpa && (profile.gpa ?? 0) >= gpa) {
    return { kind: 'met', text: `your GPA (${profile.gpa}) reaches the ${gpa} it asks for` };
  }
  return {
    kind: 'failed',
    text:
      percent !== null
        ? `it asks for grades of at least ${percent}%`
        : `it asks for a GPA of at least ${gpa}`,
  };
}

function deadlineRule(rules: ScholarshipRules, today: string): Outcome {
  if (rules.deadline === null || rules.deadline >= today) return null;
  return { kind: 'failed', text: `its deadline (${rules.deadline}) has passed` };
}

/**
 * Checks a profile against a scholarship's rules. Each rule the profile meets becomes a reason,
 * each it fails a blocker, and each it cannot be checked against (an empty profile field) a
 * missing item; a scholarship without a rule on a topic accepts anyone on it.
 */
export function assessScholarship(
  rules: ScholarshipRules,
  profile: ScholarshipProfile,
  today: string = new Date().toISOString().slice(0, 10),
): ScholarshipEligibility {
  const outcomes = [
    levelRule(rules, profile),
    nationalityRule(rules, profile),
    subjectRule(rules, profile),
    gradeRule(rules, profile),
    deadlineRule(rules, today),
  ];
  const reasons: string[] = [];
  const blockers: string[] = [];
  const missing: string[] = [];
  for (const outcome of outcomes) {
    if (outcome?.kind === 'met') reasons.push(outcome.text);
    else if (outcome?.kind === 'failed') blockers.push(outcome.text);
    else if (outcome?.kind === 'missing') missing.push(outcome.field);
  }
  if (rules.nationalities.length === 0) reasons.push('it is open to every nationality');
  const verdict: Verdict =
    blockers.length > 0 ? 'not_eligible' : missing.length > 0 ? 'may_qualify' : 'eligible';
  return { verdict, reasons, blockers, missing };
}
