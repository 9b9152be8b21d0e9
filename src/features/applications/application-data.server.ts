import type { SupabaseClient } from '@supabase/supabase-js';
import { isStepId } from './steps.ts';
import { toDraftAnswers } from './draft.ts';
import type { ServerDraft } from './draft-merge.ts';
import type { ApplicationDocument } from './types.ts';
import type { RowOf } from '../../lib/supabase/columns.ts';
import type { Database } from '../../lib/supabase/database.types.ts';

export const DOCUMENT_COLUMNS =
  'id, kind, file_name, size_bytes, content_type, status, rejection_reason, storage_path, created_at, condition_id' as const;

const DRAFT_COLUMNS = 'id, course_id, intake_id, current_step, answers, updated_at, version' as const;
type DraftRow = RowOf<'applications', typeof DRAFT_COLUMNS>;

function toServerDraft(row: DraftRow): ServerDraft {
  return {
    id: row.id,
    course_id: row.course_id,
    intake_id: row.intake_id,
    current_step: isStepId(row.current_step) ? row.current_step : 'course',
    answers: toDraftAnswers(row.answers),
    changed_at: row.updated_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

/** One of the user's drafts by id (RLS hides everyone else's); null when it is not a draft. */
export async function loadDraft(supabase: SupabaseClient<Database>, id: string): Promise<ServerDraft | null> {
  const { data } = await supabase
    .from('applications')
    .select(DRAFT_COLUMNS)
    .eq('id', id)
    .eq('status', 'draft')
    .maybeSingle();
  return data ? toServerDraft(data) : null;
}

/** The user's most recent draft for a course, so following "Apply" again resumes it. */
export async function findDraftForCourse(
  supabase: SupabaseClient<Database>,
  userId: string,
  courseId: string,
): Promise<ServerDraft | null> {
  const { data } = await supabase
    .from('applications')
    .select(DRAFT_COLUMNS)
    .eq('applicant_id', userId)
    .eq('course_id', courseId)
    .eq('status', 'draft')
    .order('updated_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  return data ? toServerDraft(data) : null;
}

/**
 * Statuses that free the intake for a new application: those for which the database's
 * application_holds_intake (behind the one-active index and submission) is false. A test holds the two together.
 */
export const LEAVES_ROOM: readonly string[] = [
  'draft',
  'withdrawn',
  'declined',
  'rejected',
  'expired',
  'offer_withdrawn',
];

/** An application the user already has in play on one intake of a course. */
export interface ActiveApplication {
  id: string;
  intake_id: string;
  reference: string | null;
  term: string;
}

/** The user's applications on a course that still hold their intake (submitted and not closed). */
export async function listActiveApplications(
  supabase: SupabaseClient<Database>,
  userId: string,
  courseId: string,
): Promise<ActiveApplication[]> {
  const { data } = await supabase
    .from('applications')
    .select('id, intake_id, reference, status, submitted_at, intakes(term)')
    .eq('applicant_id', userId)
    .eq('course_id', courseId)
    .not('status', 'in', `(${LEAVES_ROOM.join(',')})`)
    .order('submitted_at', { ascending: false });
  return (data ?? []).map((row) => ({
    id: row.id,
    intake_id: row.intake_id,
    reference: row.reference,
    term: row.intakes?.term ?? '',
  }));
}

export async function listDocuments(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Promise<ApplicationDocument[]> {
  const { data } = await supabase
    .from('application_documents')
    .select(DOCUMENT_COLUMNS)
    .eq('application_id', applicationId)
    .order('created_at');
  return (data ?? []) as ApplicationDocument[];
}
