import type { AstroGlobal } from 'astro';
import { COURSE_LEVELS, LEVEL_LABELS } from '../../lib/course-options.ts';
import { countryName } from './rules-text.ts';
import { listScholarships } from './scholarships.server.ts';
import { assessScholarship, type ScholarshipEligibility, type ScholarshipProfile } from './eligibility.ts';
import { profileNationality } from './scholarship-matches.server.ts';
import {
  filterScholarships,
  isFiltered,
  parseScholarshipSearch,
  type ScholarshipSearchInput,
} from './search.ts';
import type { Scholarship } from './types.ts';

type Option = { value: string; label: string };

export interface ScholarshipsPage {
  input: ScholarshipSearchInput;
  filtered: boolean;
  results: Scholarship[];
  /** Per result (by id): why the person may qualify, what rules them out, what is still unknown. */
  eligibility: ReadonlyMap<string, ScholarshipEligibility>;
  /** The nationality the explanations used came from the signed-in profile. */
  nationalityFromProfile: boolean;
  total: number;
  options: { countries: Option[]; universities: Option[]; levels: Option[] };
}

function uniqueOptions(entries: readonly Option[]): Option[] {
  const seen = new Map(entries.map((entry) => [entry.value, entry]));
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** /scholarships: every visible scholarship, filtered by the query; the filters offer what exists. */
export async function loadScholarshipsPage(astro: AstroGlobal): Promise<ScholarshipsPage> {
  const supabase = astro.locals.supabase;
  if (!supabase) throw new Error('/scholarships is rendered on demand');
  const input = parseScholarshipSearch(astro.url.searchParams);
  const user = astro.locals.user;
  const [all, saved] = await Promise.all([
    listScholarships(supabase),
    user ? profileNationality(supabase, user.id) : Promise.resolve(null),
  ]);
  // What the filters say about the person, and (signed in) the nationality on their profile.
  const profile: ScholarshipProfile = {
    nationality: input.nationality ?? saved,
    level: input.level ?? null,
    subject: input.subject ?? null,
  };
  const results = filterScholarships(all, input);
  // The header shows who is signed in, so only visitors' pages may sit in a shared cache.
  astro.response.headers.set(
    'Cache-Control',
    astro.locals.user ? 'private, no-cache' : 'public, max-age=60, stale-while-revalidate=300',
  );
  astro.response.headers.set('Vary', 'Cookie');
  const universities = all.flatMap((s) => (s.university ? [s.university] : []));
  return {
    input,
    filtered: isFiltered(input),
    results,
    eligibility: new Map(results.map((s) => [s.id, assessScholarship(s, profile)])),
    nationalityFromProfile: !input.nationality && saved !== null,
    total: all.length,
    options: {
      countries: uniqueOptions(
        universities.map((u) => ({ value: u.countryCode, label: countryName(u.countryCode) })),
      ),
      universities: uniqueOptions(universities.map((u) => ({ value: u.slug, label: u.name }))),
      levels: COURSE_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] ?? level })),
    },
  };
}
