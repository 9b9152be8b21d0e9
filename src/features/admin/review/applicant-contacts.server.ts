import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Applicants' e-mail addresses by user id, from applicant_emails() (staff only). Only people who
 * have submitted an application are answered; anyone else is simply absent from the map.
 */
export async function applicantEmails(
  supabase: SupabaseClient,
  applicantIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(applicantIds)];
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase.rpc('applicant_emails', { applicant_ids: ids });
  if (error) console.error('Reading applicant e-mail addresses failed', error.message);
  return new Map(((data ?? []) as { id: string; email: string }[]).map((row) => [row.id, row.email]));
}

/** The shortest text search_applicant_ids() looks for: fewer characters would match half the applicants. */
export const EMAIL_SEARCH_MIN_LENGTH = 3;

/**
 * Applicants whose e-mail address contains `text`, from search_applicant_ids() (staff only). The
 * function compares the text as a value, not a pattern, so it is passed on as typed.
 */
export async function applicantsWithEmail(supabase: SupabaseClient, text: string): Promise<string[]> {
  if (text.trim().length < EMAIL_SEARCH_MIN_LENGTH) return [];
  const { data, error } = await supabase.rpc('search_applicant_ids', { search: text });
  if (error) console.error('Searching applicant e-mail addresses failed', error.message);
  return (data ?? []) as string[];
}
