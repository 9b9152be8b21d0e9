import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError } from '../admin-action.server.ts';
import type { StaffMember } from '../staff-directory.server.ts';
import { triageDoneMessage, triageSchema, type TriageForm } from './triage-form.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** Runs the bulk action through triage_applications, which changes all of them or none. */
export async function triage(
  supabase: SupabaseClient<Database>,
  form: TriageForm,
  staff: readonly StaffMember[],
): Promise<FormOutcome> {
  const parsed = triageSchema.safeParse(form);
  if (!parsed.success)
    return failure(422, parsed.error.issues[0]?.message ?? 'Check the form and try again.');
  const input = parsed.data;
  const { data, error } = await supabase.rpc(
    'triage_applications',
    withoutNulls({
      application_ids: input.ids,
      assignee: input.assignee || null,
      start_review: input.intent === 'review',
    }),
  );
  if (error) return outcomeOfError(error);
  return done(triageDoneMessage(input, Number(data ?? input.ids.length), staff));
}
