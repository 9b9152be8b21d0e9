import type { SupabaseClient } from '@supabase/supabase-js';
import type { DraftSave } from './draft.ts';

export type SaveDraftOutcome =
  { ok: true; id: string; saved_at: string } | { ok: false; status: number; message: string };

const CLOSED = 'This intake is not accepting applications any more. Choose another intake on the first step.';

interface Row {
  id: string;
  updated_at: string;
}

function outcome(data: Row | null, error: { code?: string } | null): SaveDraftOutcome {
  if (data) return { ok: true, id: data.id, saved_at: data.updated_at };
  if (error?.code === '42501') return { ok: false, status: 422, message: CLOSED };
  if (error?.code === '23514') return { ok: false, status: 422, message: 'Choose an intake of this course.' };
  return { ok: false, status: 404, message: 'This draft cannot be changed any more.' };
}

/**
 * Stores the draft with the applicant's own token; RLS allows only their drafts on open intakes.
 * A first save creates the application, or joins the draft the applicant already has for that intake
 * (e.g. started in another tab), so no answers end up in a second, orphaned draft.
 */
export async function saveDraft(
  supabase: SupabaseClient,
  id: string | null,
  draft: DraftSave & { course_id: string; intake_id: string },
): Promise<SaveDraftOutcome> {
  const fields = {
    course_id: draft.course_id,
    intake_id: draft.intake_id,
    answers: draft.answers,
    current_step: draft.current_step,
  };
  if (id) {
    const { data, error } = await supabase
      .from('applications')
      .update(fields)
      .eq('id', id)
      .eq('status', 'draft')
      .select('id, updated_at')
      .maybeSingle();
    return outcome(data as Row | null, error);
  }
  const inserted = await supabase.from('applications').insert(fields).select('id, updated_at').single();
  if (inserted.error?.code !== '23505') return outcome(inserted.data as Row | null, inserted.error);
  const { data: existing } = await supabase
    .from('applications')
    .select('id')
    .eq('intake_id', draft.intake_id)
    .eq('status', 'draft')
    .maybeSingle();
  return existing
    ? saveDraft(supabase, (existing as { id: string }).id, draft)
    : outcome(null, inserted.error);
}
