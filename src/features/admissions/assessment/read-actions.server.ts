import type { SupabaseClient } from '@supabase/supabase-js';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import type { Criterion } from './criteria.ts';
import { parseReadForm } from './read-form.ts';

type Client = SupabaseClient<Database>;

/** Marks a refusal because the read changed elsewhere (another tab), so the page says so. */
function refused(error: { code: string; message: string }): FormOutcome {
  const outcome = outcomeOfError(error);
  return error.code === 'PT409' ? { ...outcome, data: { stale: true } } : outcome;
}

async function saveRead(
  supabase: Client,
  readId: string,
  criteria: readonly Criterion[],
  fields: Record<string, string>,
) {
  const parsed = parseReadForm(fields, criteria);
  if (!parsed.ok) return failure(422, parsed.message);
  const { scores, comments, recommendation, overallComment, version, send } = parsed.input;
  const { error } = await supabase.rpc('save_read', {
    read_id: readId,
    expected_version: version,
    scores,
    comments,
    recommendation: recommendation ?? '',
    overall_comment: overallComment,
    send,
  });
  if (error) return refused(error);
  return send
    ? done('Read sent. The other readers’ scores are shown below once they have sent theirs.')
    : done('Draft saved. It is kept until you send it.');
}

async function declareConflict(supabase: Client, readId: string, fields: Record<string, string>) {
  const school = (fields['school'] ?? '').trim();
  const reason = (fields['reason'] ?? '').trim();
  if (reason.length > 500) return failure(422, 'The reason is 500 characters at most.');
  if (school && (school.length < 2 || school.length > 160))
    return failure(422, 'Name the school in 2 to 160 characters.');
  if (fields['confirm_conflict'] !== 'yes')
    return failure(422, 'Tick the box to confirm: the read is taken off you and given to another reader.');
  const { error } = await supabase.rpc('declare_read_conflict', { read_id: readId, school, reason });
  if (error) return refused(error);
  return {
    ...done(
      'Conflict recorded. The read has gone to another reader, and you will not be given this applicant again.',
    ),
    redirect: '/admin/reads',
  };
}

/** The forms of a read page, by intent. */
export function readHandlers(
  supabase: Client,
  readId: string,
  criteria: readonly Criterion[],
): Record<string, AdminHandler> {
  return {
    'save-read': (fields) => saveRead(supabase, readId, criteria, fields),
    'send-read': (fields) => saveRead(supabase, readId, criteria, fields),
    'declare-conflict': (fields) => declareConflict(supabase, readId, fields),
  };
}
