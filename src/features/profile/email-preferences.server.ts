import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, success, type FormOutcome } from '../../lib/security/form-outcome.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

/** Whether the signed-in person gets reminders (their row is made on first read); null when unreadable. */
export async function readReminders(supabase: SupabaseClient<Database>): Promise<boolean | null> {
  // One row of one TABLE column: PostgREST answers [{ reminders }].
  const { data, error } = await supabase.rpc('my_email_preferences');
  if (error || !Array.isArray(data)) return null;
  const row: unknown = data[0];
  return row && typeof row === 'object' && 'reminders' in row && typeof row.reminders === 'boolean'
    ? row.reminders
    : null;
}

/** Turns the person's own reminders on or off; essential messages are not affected. */
export async function saveReminders(
  supabase: SupabaseClient<Database>,
  userId: string,
  reminders: boolean,
): Promise<FormOutcome> {
  if ((await readReminders(supabase)) === null)
    return failure(502, 'We could not reach the server. Please try again in a moment.');
  // No returning clause: the row's token column is not readable through the API.
  const { error } = await supabase.from('email_preferences').update({ reminders }).eq('user_id', userId);
  if (error || (await readReminders(supabase)) !== reminders)
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
