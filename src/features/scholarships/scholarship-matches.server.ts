import type { SupabaseClient } from '@supabase/supabase-js';
import { assessScholarship, type ScholarshipEligibility, type ScholarshipProfile } from './eligibility.ts';
import { listScholarships } from './scholarships.server.ts';
import type { Scholarship } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export interface ScholarshipMatch {
  scholarship: Scholarship;
  eligibility: ScholarshipEligibility;
}

export interface ScholarshipMatches {
  /** The scholarships nothing rules out, those the person meets fully first. */
  matches: ScholarshipMatch[];
  signedIn: boolean;
}

/** The nationality on the signed-in person's profile, or null. */
export async function profileNationality(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<string | null> {
  const { data } = await supabase.from('profiles').select('nationality').eq('id', userId).maybeSingle();
  return data?.nationality ?? null;
}

const ORDER = { eligible: 0, may_qualify: 1, not_eligible: 2 } as const;

/**
 * Scholarships for what someone told /discover (level, subject, grades) and, when signed in, the
 * nationality on their profile: each with why they may qualify and what is still missing.
 */
export async function findScholarshipMatches(
  supabase: SupabaseClient<Database>,
  userId: string | null,
  answers: {
    level?: string | undefined;
    field?: string | undefined;
    grade?: number | undefined;
    nationality?: string | undefined;
  },
  limit = 6,
): Promise<ScholarshipMatches> {
  // The nationality given on the page wins over the one on the profile.
  const [all, nationality] = await Promise.all([
    listScholarships(supabase),
    answers.nationality
      ? Promise.resolve(answers.nationality)
      : userId
        ? profileNationality(supabase, userId)
        : Promise.resolve(null),
  ]);
  const profile: ScholarshipProfile = {
    nationality,
    level: answers.level ?? null,
    subject: answers.field ?? null,
    gradePercent: answers.grade ?? null,
  };
  const matches = all
    .map((scholarship) => ({ scholarship, eligibility: assessScholarship(scholarship, profile) }))
    .filter((match) => match.eligibility.verdict !== 'not_eligible')
    .sort((a, b) => ORDER[a.eligibility.verdict] - ORDER[b.eligibility.verdict])
    .slice(0, limit);
  return { matches, signedIn: userId !== null };
}
