import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';

/** Whether the signed-in person gets reminders (their row is made on first read); null when unreadable. */
export async function readReminders(supabase: SupabaseClient): Promise<boolean | null> {
  const { data, error } = await supabase.rpc('my_email_preferences');
  if (error) return null;
  const row = (data as { reminders: boolean }[] | null)?.[0];
  return row ? row.reminders : null;
}

/** Turns the person's own reminders on or off; essential messages are not affected. */
export async function saveReminders(
  supabase: SupabaseClient,
  userId: string,
  reminders: boolean,
): Promise<FormOutcome> {
  if ((await readReminders(supabase)) === null)
    return failure(502, 'We could not reach the server. Please try again in a moment.');
  const { data, error } = await supabase
    .from('email_preferences')
    .update({ reminders })
    .eq('user_id', userId)
    .select('reminders');
  if (error || (data ?? []).length !== 1)
    return failure(502, 'We could not reach the server. Please try again in a moment.');
  const message = reminders
    ? 'Reminders about deadlines and replies are on.'
    : 'Reminders about deadlines and replies are off. Messages about your applications still come.';
  return success({
    message,
    redirect: '/profile#email',
    toast: { title: 'Saved', message, kind: 'success' },
  });
}
