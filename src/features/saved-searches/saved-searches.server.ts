import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import type { SavedSearchDraft } from './saved-search.ts';

export interface SavedSearch {
  id: string;
  label: string;
  query: string;
  created_at: string;
}

/** The signed-in person's saved searches, newest first (RLS shows only theirs). */
export async function listSavedSearches(supabase: SupabaseClient<Database>): Promise<SavedSearch[]> {
  const { data, error } = await supabase
    .from('saved_searches')
    .select('id, label, query, created_at')
    .order('created_at', { ascending: false });
  if (error) throw new Error(`saved searches: ${error.message}`);
  return data ?? [];
}

async function usdCeiling(supabase: SupabaseClient<Database>, tuition: SavedSearchDraft['tuitionMax']) {
  if (!tuition) return null;
  const { data } = await supabase
    .from('currency_rates')
    .select('rate_to_usd')
    .eq('currency', tuition.currency)
    .order('as_of', { ascending: false })
    .limit(1)
    .maybeSingle();
  const rate = Number(data?.rate_to_usd ?? Number.NaN);
  return Number.isFinite(rate) ? Math.round(tuition.amount * rate * 100) / 100 : null;
}

const toast = (message: string, kind: 'success' | 'info' | 'error' = 'success') => ({
  title: kind === 'error' ? 'Not saved' : 'Saved search',
  message,
  kind,
});

/** Keeps a search for its alerts; saving the same search again changes nothing. */
export async function saveSearch(
  supabase: SupabaseClient<Database>,
  draft: SavedSearchDraft,
): Promise<FormOutcome> {
  const { error } = await supabase.from('saved_searches').insert({
    label: draft.label,
    query: draft.query,
    filters: draft.filters,
    max_tuition_usd: await usdCeiling(supabase, draft.tuitionMax),
  });
  if (!error) {
    const message = 'Search saved. We will e-mail you when new courses or intakes match it.';
    return success({ message, toast: toast(message) });
  }
  if (error.code === '23505') {
    const message = 'You had already saved this search.';
    return success({ message, toast: toast(message, 'info') });
  }
  if (error.code === 'P0001') return { ...failure(429, error.message), toast: toast(error.message, 'error') };
  const message = 'The search could not be saved just now. Please try again in a moment.';
  return { ...failure(502, message), toast: toast(message, 'error') };
}

/** Deletes one of the person's saved searches; someone else's id deletes nothing. */
export async function deleteSavedSearch(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<FormOutcome> {
  const { data, error } = await supabase.from('saved_searches').delete().eq('id', id).select('id');
  if (error || !data?.length) {
    const message = 'That saved search no longer exists.';
    return { ...failure(404, message), toast: { title: 'Not deleted', message, kind: 'error' } };
  }
  const message = 'Saved search deleted. You will get no more alerts for it.';
  return success({ message, toast: { title: 'Deleted', message, kind: 'success' } });
}
