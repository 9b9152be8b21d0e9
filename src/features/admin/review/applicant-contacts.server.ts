import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/**
 * Applicants' e-mail addresses by user id, from applicant_emails() (staff only). Only people who
 * have submitted an application are answered; anyone else is simply absent from the map.
 */
export async function applicantEmails(
  supabase: SupabaseClient<Database>,
  applicantIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(applicantIds)];
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase.rpc('applicant_emails', { applicant_ids: ids });
  if (error) console.error('Reading applicant e-mail addresses failed', error.message);
  return new Map(((data ?? []) as { id: string; email: string }[]).map((row) => [row.id, row.email]));
}
