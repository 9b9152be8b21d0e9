import type { SupabaseClient } from '@supabase/supabase-js';
import { loadDraft } from './application-data.server.ts';
import type { DraftSave } from './draft.ts';
import type { Database, Tables } from '../../lib/supabase/database.types.ts';

/** The stored draft a refused save ran into: what the applicant may load, or save over. */
export interface StoredDraft {
  id: string;
  version: number;
  updated_at: string;
}

export type SaveDraftOutcome =
  | { ok: true; id: string; saved_at: string; version: number }
  | { ok: false; status: number; message: string; current?: StoredDraft };

const CLOSED = 'This intake is not accepting applications any more. Choose another intake on the first step.';
const NO_VERSION = 'This save does not say which version of the draft it is based on. Reload the page.';
const JOINED =
  'You (in another window or on another device) already started this application for the same intake. Nothing was saved: load the saved version, or keep yours and save it over that one.';

const SAVED_COLUMNS = 'id, updated_at, version' as const;
type Saved = Pick<Tables<'applications'>, 'id' | 'updated_at' | 'version'>;

function outcome(data: Saved | null, error: { code?: string; message?: string } | null): SaveDraftOutcome {
  if (data) return { ok: true, id: data.id, saved_at: data.updated_at, version: data.version };
  if (error?.code === '42501') return { ok: false, status: 422, message: CLOSED };
  if (error?.code === '23514') return { ok: false, status: 422, message: 'Choose an intake of this course.' };
  return { ok: false, status: 404, message: 'This draft cannot be changed any more.' };
}

/** Whether two JSON values hold the same data, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

type DraftFields = Pick<DraftSave, 'answers' | 'current_step'> & { course_id: string; intake_id: string };

/**
 * The answer to a save refused as stale. A retry of a save that already landed (its answer was lost
 * with the connection) finds exactly what it sends stored, and is acknowledged instead.
 */
async function conflict(
  supabase: SupabaseClient<Database>,
  id: string,
  message: string,
  sent?: DraftFields,
): Promise<SaveDraftOutcome> {
  const current = await loadDraft(supabase, id);
  if (!current) return outcome(null, null);
  const same =
    sent &&
    sent.course_id === current.course_id &&
    sent.intake_id === current.intake_id &&
    sent.current_step === current.current_step &&
    sameJson(sent.answers, current.answers);
  if (same) return { ok: true, id, saved_at: current.updated_at, version: current.version };
  return {
    ok: false,
    status: 409,
    message,
    current: { id: current.id, version: current.version, updated_at: current.updated_at },
  };
}

/**
 * Stores the draft with the applicant's own token; RLS allows only their drafts on open intakes.
 * An update names the version it was based on: when the draft was saved meanwhile (another window,
 * another device) the database refuses it (PT409) and the answer carries its message and the stored
 * version, so nothing is overwritten unseen. A first save creates the application; when the
 * applicant already has a draft for that intake, that one is reported the same way.
 */
export async function saveDraft(
  supabase: SupabaseClient<Database>,
  id: string | null,
  version: number | null,
  draft: DraftSave & { course_id: string; intake_id: string },
): Promise<SaveDraftOutcome> {
  const fields = {
    course_id: draft.course_id,
    intake_id: draft.intake_id,
    answers: draft.answers,
    current_step: draft.current_step,
  };
  if (id) {
    // An update names the version it was based on; a null one would be taken for a stale version
    // and answered as a conflict with someone else's change, so it is refused here instead.
    if (version === null) return { ok: false, status: 428, message: NO_VERSION };
    const { data, error } = await supabase
      .from('applications')
      .update({ ...fields, version })
      .eq('id', id)
      .eq('status', 'draft')
      .select(SAVED_COLUMNS)
      .maybeSingle();
    if (error?.code === 'PT409') return conflict(supabase, id, error.message, fields);
    return outcome(data, error);
  }
  const inserted = await supabase.from('applications').insert(fields).select(SAVED_COLUMNS).single();
  if (inserted.error?.code !== '23505') return outcome(inserted.data, inserted.error);
  const { data: existing } = await supabase
    .from('applications')
    .select('id')
    .eq('intake_id', draft.intake_id)
    .eq('status', 'draft')
    .maybeSingle();
  return existing ? conflict(supabase, existing.id, JOINED) : outcome(null, inserted.error);
}
