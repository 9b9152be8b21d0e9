import { isUuid } from '../../../lib/uuid.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { nullableArg } from '../../../lib/supabase/rpc-args.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';
import { readCriteria, type Criterion } from './criteria.ts';
import { parseScoresheetForm } from './scoresheet-form.ts';

type Client = SupabaseClient<Database>;

export type ScoresheetPurpose = 'application' | 'interview';

export interface ScoresheetSummary {
  id: string;
  name: string;
  purpose: ScoresheetPurpose;
  /** What it applies to, in words: "Every course", a course, or an intake. */
  scope: string;
  currentVersion: number;
  version: number;
  updatedAt: string;
}

export interface Scoresheet extends ScoresheetSummary {
  courseId: string | null;
  intakeId: string | null;
  criteria: Criterion[];
  /** Whether reads were scored on the current version (an edit then makes a new one). */
  inUse: boolean;
}

interface SheetRow {
  id: string;
  name: string;
  purpose: string;
  course_id: string | null;
  intake_id: string | null;
  current_version: number;
  version: number;
  updated_at: string;
  course: { title: string; university_name: string } | null;
  intake: { term: string; course: { title: string } | null } | null;
}

const SHEET_COLUMNS = `id, name, purpose, course_id, intake_id, current_version, version, updated_at,
  course:courses(title, university_name), intake:intakes(term, course:courses(title))`;

function scopeOf(row: SheetRow): string {
  if (row.intake) return `${row.intake.course?.title ?? 'A course'}, ${row.intake.term}`;
  if (row.course) return `${row.course.title} (${row.course.university_name}), every intake`;
  return 'Every course without a scoresheet of its own';
}

const summary = (row: SheetRow): ScoresheetSummary => ({
  id: row.id,
  name: row.name,
  purpose: row.purpose === 'interview' ? 'interview' : 'application',
  scope: scopeOf(row),
  currentVersion: row.current_version,
  version: row.version,
  updatedAt: row.updated_at,
});

export async function listScoresheets(supabase: Client): Promise<ScoresheetSummary[] | null> {
  const { data, error } = await supabase.from('scoresheets').select(SHEET_COLUMNS).order('updated_at', {
    ascending: false,
  });
  if (error) {
    console.error('Reading the scoresheets failed', error.message);
    return null;
  }
  return ((data ?? []) as unknown as SheetRow[]).map(summary);
}

export async function loadScoresheet(supabase: Client, id: string): Promise<Scoresheet | null> {
  const { data, error } = await supabase.from('scoresheets').select(SHEET_COLUMNS).eq('id', id).maybeSingle();
  if (error) console.error('Reading the scoresheet failed', error.message);
  if (!data) return null;
  const row = data as unknown as SheetRow;
  const { data: version } = await supabase
    .from('scoresheet_versions')
    .select('id, criteria')
    .eq('scoresheet_id', id)
    .eq('number', row.current_version)
    .maybeSingle();
  const { count } = version
    ? await supabase
        .from('application_reads')
        .select('id', { count: 'exact', head: true })
        .eq('scoresheet_version_id', version.id)
    : { count: 0 };
  return {
    ...summary(row),
    courseId: row.course_id,
    intakeId: row.intake_id,
    criteria: readCriteria(version?.criteria),
    inUse: (count ?? 0) > 0,
  };
}

export interface IntakeChoice {
  id: string;
  label: string;
}

/** Intakes a new scoresheet may be for: the next 200 by deadline that are not archived. */
export async function intakeChoices(supabase: Client): Promise<IntakeChoice[]> {
  const { data, error } = await supabase.rpc('admin_intakes', { page_size: 200, page_offset: 0 });
  if (error) console.error('Reading the intakes failed', error.message);
  return (data ?? [])
    .filter((row) => row.status !== 'archived')
    .map((row) => ({ id: row.id, label: `${row.course_title} (${row.university_name}), ${row.term}` }));
}

/** The editor's post: creates a scoresheet (no id) or saves one; answers where to go next. */
export function scoresheetHandlers(supabase: Client, sheetId: string | null): Record<string, AdminHandler> {
  return {
    'save-scoresheet': async (fields) => {
      const parsed = parseScoresheetForm(fields);
      if (!parsed.ok) return failure(422, parsed.message, { [parsed.field]: parsed.message });
      const purpose = fields['purpose'] === 'interview' ? 'interview' : 'application';
      const intake = (fields['intake_id'] ?? '').trim();
      if (!sheetId && intake && !isUuid(intake)) return failure(422, 'Choose an intake from the list.');
      const { data, error } = await supabase.rpc('save_scoresheet', {
        scoresheet_id: nullableArg(sheetId),
        expected_version: parsed.input.version ?? 1,
        purpose,
        course_id: nullableArg<string>(null),
        intake_id: nullableArg(sheetId || !intake ? null : intake),
        name: parsed.input.name,
        criteria: JSON.parse(JSON.stringify(parsed.input.criteria)),
      });
      if (error) {
        const outcome = outcomeOfError(error);
        return error.code === 'PT409' ? { ...outcome, data: { stale: true } } : outcome;
      }
      const saved = data as { id: string; current_version: number } | null;
      return {
        ...done(
          sheetId ? `Scoresheet saved (version ${saved?.current_version ?? ''}).` : 'Scoresheet created.',
        ),
        redirect: `/admin/scoresheets/${saved?.id ?? ''}`,
      };
    },
  };
}
