import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import { parse } from '../../../lib/security/parse-post.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { staffUniversitiesSchema, UNKNOWN_UNIVERSITY } from './choice-settings-schema.ts';

type Client = SupabaseClient<Database>;

export interface UniversityOption {
  id: string;
  name: string;
  city: string;
}

/** The checklist's universities of one country, in order of name. */
export interface CountryGroup {
  country: string;
  universities: UniversityOption[];
}

export interface CounsellorUniversities {
  counsellor: { id: string; name: string; email: string; alsoAdmin: boolean };
  /** Every university of the catalogue, published or not; null when it could not be read. */
  countries: CountryGroup[] | null;
  /** The ids of the universities they decide for now; none for every university. */
  given: Set<string>;
}

function byCountry(rows: { id: string; name: string; city: string; country_name: string | null }[]) {
  const groups = new Map<string, UniversityOption[]>();
  for (const { country_name, ...university } of rows) {
    const country = country_name ?? 'Other';
    groups.set(country, [...(groups.get(country) ?? []), university]);
  }
  return [...groups].map(([country, universities]) => ({ country, universities }));
}

/** The counsellor `memberId` with the universities to choose from; null for anyone else. */
export async function loadCounsellorUniversities(
  supabase: Client,
  memberId: string,
): Promise<CounsellorUniversities | null> {
  if (!isUuid(memberId)) return null;
  const [team, universities, grants] = await Promise.all([
    supabase.rpc('staff_directory'),
    supabase.from('universities').select('id, name, city, country_name').order('country_name').order('name'),
    supabase.from('staff_universities').select('university_id').eq('user_id', memberId),
  ]);
  const member = team.data?.find((row) => row.id === memberId && row.roles.includes('counsellor'));
  if (!member) return null;
  if (universities.error || grants.error)
    console.error('Reading the universities failed', universities.error?.message ?? grants.error?.message);
  return {
    counsellor: {
      id: member.id,
      name: member.name,
      email: member.email,
      alsoAdmin: member.roles.includes('admin'),
    },
    countries: universities.error || grants.error ? null : byCountry(universities.data),
    given: new Set((grants.data ?? []).map((grant) => grant.university_id)),
  };
}

const universitiesIn = (count: number) => (count === 1 ? 'one university' : `${count} universities`);

/** The counsellor page's form: the universities they decide for, through set_staff_universities(). */
export function counsellorUniversityHandlers(
  supabase: Client,
  counsellor: CounsellorUniversities['counsellor'],
): Record<string, AdminHandler> {
  return {
    'save-universities': async (fields) => {
      const input = parse(staffUniversitiesSchema, fields);
      if (!input.ok) {
        const errors = input.outcome.fieldErrors ?? {};
        const unknown = Object.keys(errors).some((name) => name.startsWith('university_ids.'));
        return unknown ? failure(422, UNKNOWN_UNIVERSITY) : input.outcome;
      }
      const { data, error } = await supabase.rpc('set_staff_universities', {
        member: counsellor.id,
        university_ids: input.value.university_ids,
      });
      if (error) return outcomeOfError(error);
      return done(
        data === 0
          ? `${counsellor.name} now decides for every university.`
          : `${counsellor.name} now decides for ${universitiesIn(data)} only.`,
      );
    },
  };
}
