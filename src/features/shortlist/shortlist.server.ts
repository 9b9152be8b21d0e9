import type { SupabaseClient } from '@supabase/supabase-js';
import { cleanShortlist, mergeShortlists } from './shortlist-store.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** The account's saved course ids, oldest first. RLS limits the rows to the caller's own. */
export async function listShortlist(supabase: SupabaseClient<Database>, userId: string): Promise<string[]> {
  const { data, error } = await supabase
    .from('shortlist_items')
    .select('course_id')
    .eq('user_id', userId)
    .order('created_at');
  if (error) throw new Error(`shortlist: ${error.message}`);
  return ((data ?? []) as { course_id: string }[]).map((row) => row.course_id);
}

/** Saves or removes one course in the account's list. */
export async function setShortlisted(
  supabase: SupabaseClient<Database>,
  userId: string,
  courseId: string,
  saved: boolean,
): Promise<void> {
  const query = saved
    ? supabase
        .from('shortlist_items')
        .upsert(
          { user_id: userId, course_id: courseId },
          { onConflict: 'user_id,course_id', ignoreDuplicates: true },
        )
    : supabase.from('shortlist_items').delete().eq('user_id', userId).eq('course_id', courseId);
  const { error } = await query;
  if (error) throw new Error(`shortlist: ${error.message}`);
}

/**
 * Adds the browser's saved courses to the account (courses the user cannot see are skipped) and
 * returns the union, which the browser then keeps.
 */
export async function mergeShortlist(
  supabase: SupabaseClient<Database>,
  userId: string,
  local: unknown,
): Promise<string[]> {
  const ids = cleanShortlist(local);
  const remote = await listShortlist(supabase, userId);
  const missing = ids.filter((id) => !remote.includes(id));
  if (missing.length === 0) return mergeShortlists([], remote);
  const { data, error } = await supabase.from('courses').select('id').in('id', missing);
  if (error) throw new Error(`shortlist: ${error.message}`);
  const visible = ((data ?? []) as { id: string }[]).map((row) => row.id);
  if (visible.length) {
    const rows = visible.map((courseId) => ({ user_id: userId, course_id: courseId }));
    const insert = await supabase
      .from('shortlist_items')
      .upsert(rows, { onConflict: 'user_id,course_id', ignoreDuplicates: true });
    if (insert.error) throw new Error(`shortlist: ${insert.error.message}`);
  }
  return mergeShortlists(visible, remote);
}
