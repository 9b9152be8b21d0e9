import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { PROFILE_COLUMNS, type ProfileRow } from '../../lib/supabase/profile-row.ts';
import type { EducationInput, PersonalDetailsInput, TestScoresInput } from './schema.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export const EMPTY_PROFILE: ProfileRow = {
  full_name: '',
  date_of_birth: null,
  nationality: null,
  phone: null,
  address_line: null,
  city: null,
  postal_code: null,
  passport_number: null,
  country: null,
  education: [],
  test_scores: [],
};

/** The signed-in user's profile, read under RLS; an empty one when the row does not exist yet. */
export async function loadProfile(supabase: SupabaseClient<Database>, userId: string): Promise<ProfileRow> {
  const { data, error } = await supabase
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('id', userId)
    .maybeSingle();
  if (error || !data) return EMPTY_PROFILE;
  // The jsonb lists are written only through the profile forms, in ProfileRow's shapes.
  return data as ProfileRow;
}

type ProfileChange = PersonalDetailsInput | EducationInput | TestScoresInput;

/** Saves part of the profile with the user's own token; RLS allows only their row. */
export async function saveProfile(
  supabase: SupabaseClient<Database>,
  userId: string,
  change: ProfileChange,
  notice: string,
): Promise<FormOutcome> {
  // The row normally exists from sign-up; users never update `id`, so this is update-then-insert.
  const updated = await supabase.from('profiles').update(change).eq('id', userId).select('id');
  const error =
    updated.error ??
    (updated.data.length === 0
      ? (await supabase.from('profiles').insert({ id: userId, ...change })).error
      : null);
  if (error) {
    console.error('Saving the profile failed', error.message);
    return failure(error.code === '42501' ? 403 : 400, 'We could not save your changes. Please try again.');
  }
  return success({ message: notice, toast: { title: 'Saved', message: notice, kind: 'success' } });
}
