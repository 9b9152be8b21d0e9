import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/**
 * Whether the signed-in member of staff approves and releases decisions (may_release_decisions():
 * administrators, or everyone when DECISION_APPROVAL=none). A failure reads as no: the database
 * refuses the change itself anyway.
 */
export async function mayReleaseDecisions(supabase: SupabaseClient<Database>): Promise<boolean> {
  const { data, error } = await supabase.rpc('may_release_decisions');
  if (error) console.error('Reading may_release_decisions failed', error.message);
  return data === true;
}
