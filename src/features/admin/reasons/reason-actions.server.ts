import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import {
  reasonActiveSchema,
  reasonCreateSchema,
  reasonDeleteSchema,
  reasonEditSchema,
  REASON_OUTCOME_LABELS,
} from './reason-schemas.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

type Parsed<T> = { ok: true; value: T } | { ok: false; outcome: FormOutcome };

function parse<T>(schema: z.ZodType<T>, fields: Record<string, string>): Parsed<T> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    outcome: failure(422, 'Please correct the highlighted fields.', fieldErrorsOf(result.error)),
  };
}

const DUPLICATE = 'This outcome already has a reason with exactly this wording.';
const USED = 'This reason has been used in decisions; retire it instead.';
const GONE = 'That reason no longer exists. Reload the page.';

/** Why a write was refused; a stale write (PT409) is marked so the page shows the reason as it is now. */
function refused(error: Pick<PostgrestError, 'code' | 'message'>): FormOutcome {
  if (error.code === '23505') return failure(409, DUPLICATE, { public_wording: DUPLICATE });
  // ON DELETE RESTRICT answers 23001 (restrict_violation); a plain foreign key would answer 23503.
  if (error.code === '23503' || error.code === '23001') return failure(409, USED);
  const outcome = outcomeOfError(error);
  return error.code === 'PT409' || error.code === 'PT428' ? { ...outcome, data: { stale: true } } : outcome;
}

async function addReason(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const input = parse(reasonCreateSchema, fields);
  if (!input.ok) return input.outcome;
  const { error } = await supabase.from('decision_reasons').insert(input.value);
  if (error) return refused(error);
  return done(`Reason added to “${REASON_OUTCOME_LABELS[input.value.outcome]}”.`);
}

async function editReason(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const input = parse(reasonEditSchema, fields);
  if (!input.ok) return input.outcome;
  const { reason_id, ...change } = input.value;
  const { data, error } = await supabase
    .from('decision_reasons')
    .update(change)
    .eq('id', reason_id)
    .select('id');
  if (error) return refused(error);
  return (data ?? []).length === 0 ? failure(404, GONE) : done('Reason saved.');
}

async function setActive(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const input = parse(reasonActiveSchema, fields);
  if (!input.ok) return input.outcome;
  const { reason_id, version, active } = input.value;
  const { data, error } = await supabase
    .from('decision_reasons')
    .update({ active, version })
    .eq('id', reason_id)
    .select('id');
  if (error) return refused(error);
  if ((data ?? []).length === 0) return failure(404, GONE);
  return done(
    active
      ? 'Reason reactivated: staff can choose it again.'
      : 'Reason retired: staff can no longer choose it.',
  );
}

async function deleteReason(supabase: SupabaseClient<Database>, fields: Record<string, string>) {
  const input = parse(reasonDeleteSchema, fields);
  if (!input.ok) return input.outcome;
  const { data, error } = await supabase
    .from('decision_reasons')
    .delete()
    .eq('id', input.value.reason_id)
    .select('id');
  if (error) return refused(error);
  return (data ?? []).length === 0 ? failure(404, GONE) : done('Reason deleted.');
}

/** The reasons page's forms by intent. Row-level security lets only administrators write. */
export function reasonHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    'add-reason': (fields) => addReason(supabase, fields),
    'edit-reason': (fields) => editReason(supabase, fields),
    'set-active': (fields) => setActive(supabase, fields),
    'delete-reason': (fields) => deleteReason(supabase, fields),
  };
}
