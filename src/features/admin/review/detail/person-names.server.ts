import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../../lib/supabase/database.types.ts';

/**
 * How the page names people: their profile name, else their e-mail in the staff directory, else
 * "Former staff member". Profiles are readable by staff under RLS.
 */
export async function loadPersonNames(
  supabase: SupabaseClient<Database>,
  ids: readonly (string | null)[],
  emails: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const { data, error } = await supabase.from('profiles').select('id, full_name').in('id', wanted);
  if (error) console.error('Reading names failed', error.message);
  const profileNames = new Map(
    ((data ?? []) as { id: string; full_name: string | null }[]).map((row) => [row.id, row.full_name]),
  );
  for (const id of wanted) {
    names.set(id, profileNames.get(id)?.trim() || emails.get(id) || 'Former staff member');
  }
  return names;
}
