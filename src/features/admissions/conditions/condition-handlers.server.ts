import type { SupabaseClient } from '@supabase/supabase-js';
import { sendPendingMail } from '../../../lib/mail/send-pending.server.ts';
import { failure } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import { parse } from '../../../lib/security/parse-post.ts';
import { conditionDeadlineSchema, conditionMarkSchema } from './condition-schemas.ts';

type Client = SupabaseClient<Database>;

/** The condition named by the form, if it belongs to this application. */
async function conditionOf(supabase: Client, applicationId: string, id: string) {
  const { data } = await supabase
    .from('offer_conditions')
    .select('position')
    .eq('id', id)
    .eq('application_id', applicationId)
    .maybeSingle();
  return data;
}

/** What the last mark led to: "Conditions met" released, waiting for approval, or nothing yet. */
async function afterLastMark(supabase: Client, applicationId: string): Promise<string> {
  const [{ data: open }, { data: left }] = await Promise.all([
    supabase
      .from('application_decisions')
      .select('outcome, state')
      .eq('application_id', applicationId)
      .in('state', ['recommended', 'approved'])
      .maybeSingle(),
    supabase.from('offer_conditions').select('id').eq('application_id', applicationId).neq('status', 'met'),
  ]);
  if ((left ?? []).length > 0) return '';
  if (open?.outcome === 'conditions_met' && open.state === 'recommended')
    return ' Every condition is met: “Conditions met” waits for an administrator’s approval.';
  if (open?.outcome === 'conditions_met')
    return ' Every condition is met: “Conditions met” is approved and goes out when the intake’s decisions are published.';
  return ' Every condition is met: the offer is confirmed and the applicant has a letter.';
}

async function markCondition(supabase: Client, applicationId: string, fields: Record<string, string>) {
  const input = parse(conditionMarkSchema, fields);
  if (!input.ok) return input.outcome;
  const { condition_id, met, note, version } = input.value;
  const condition = await conditionOf(supabase, applicationId, condition_id);
  if (!condition) return failure(404, 'That condition is no longer part of this application.');
  const { error } = await supabase.rpc('mark_offer_condition', {
    condition_id,
    expected_version: version,
    met: met === 'yes',
    ...(note ? { note } : {}),
  });
  if (error) return outcomeOfError(error);
  sendPendingMail();
  const marked = `Condition ${condition.position} marked ${met === 'yes' ? 'met' : 'not met'}.`;
  return done(marked + (met === 'yes' ? await afterLastMark(supabase, applicationId) : ''));
}

async function moveDeadline(supabase: Client, applicationId: string, fields: Record<string, string>) {
  const input = parse(conditionDeadlineSchema, fields);
  if (!input.ok) return input.outcome;
  const { condition_id, deadline, version } = input.value;
  const condition = await conditionOf(supabase, applicationId, condition_id);
  if (!condition) return failure(404, 'That condition is no longer part of this application.');
  const { error } = await supabase.rpc('set_offer_condition_deadline', {
    condition_id,
    expected_version: version,
    deadline,
  });
  if (error) return outcomeOfError(error);
  return done(`Condition ${condition.position} is now due ${formatDay(deadline)}. The applicant is told.`);
}

/** The checklist's forms by intent, bound to the application in the URL. */
export function conditionHandlers(supabase: Client, applicationId: string): Record<string, AdminHandler> {
  return {
    'condition-mark': (fields) => markCondition(supabase, applicationId, fields),
    'condition-deadline': (fields) => moveDeadline(supabase, applicationId, fields),
  };
}
