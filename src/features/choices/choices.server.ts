import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import { isUuid } from '../../lib/uuid.ts';

type Client = SupabaseClient<Database>;

export interface Choice {
  id: string;
  rank: number;
  status: string;
  reference: string | null;
  courseTitle: string;
  university: string;
  term: string;
  deadline: string;
}

export interface ChoiceEvent {
  id: number;
  at: string;
  courseTitle: string;
  toStatus: string;
  note: string | null;
}

export interface Candidate {
  intakeId: string;
  courseTitle: string;
  university: string;
  term: string;
  deadline: string;
  /** The intake's own application fee, charged when the choice is submitted. */
  fee: { minor: number; currency: string } | null;
}

export interface ChoicesPage {
  groupId: string;
  choices: Choice[];
  /** How many choices one application holds, and how many this one still takes. */
  max: number;
  room: number;
  /** An accepted (or conditionally accepted, or enrolled) offer closes the application to more. */
  settled: boolean;
  /** The first choice is still a draft: every choice goes with it when the form is submitted. */
  firstIsDraft: boolean;
  timeline: ChoiceEvent[];
  search: string;
  candidates: Candidate[];
}

const SETTLED = new Set(['conditions_pending', 'accepted', 'enrolled']);
const MAX_CHOICES_DEFAULT = 5;

async function loadGroup(supabase: Client, groupId: string) {
  const { data } = await supabase
    .from('applications')
    .select(
      'id, intake_id, choice_rank, status, reference, course:courses(title, university_name), intake:intakes(term, deadline), history:application_status_history(id, to_status, note, created_at)',
    )
    .eq('group_id', groupId)
    .order('choice_rank');
  return data ?? [];
}

/** Open intakes whose course title or university matches the words, not already chosen. */
async function findCandidates(supabase: Client, words: string, chosen: Set<string>): Promise<Candidate[]> {
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const today = new Date().toISOString().slice(0, 10);
  const columns =
    'id, term, deadline, application_fee_minor, application_fee_currency, course:courses!inner(title, university_name)';
  const [byTitle, byUniversity] = await Promise.all([
    supabase
      .from('intakes')
      .select(columns)
      .eq('status', 'open')
      .gte('deadline', today)
      .or(`opens_at.is.null,opens_at.lte.${today}`)
      .ilike('course.title', pattern)
      .order('deadline')
      .limit(12),
    supabase
      .from('intakes')
      .select(columns)
      .eq('status', 'open')
      .gte('deadline', today)
      .or(`opens_at.is.null,opens_at.lte.${today}`)
      .ilike('course.university_name', pattern)
      .order('deadline')
      .limit(12),
  ]);
  const seen = new Set<string>();
  return [...(byTitle.data ?? []), ...(byUniversity.data ?? [])]
    .filter((row) => !chosen.has(row.id) && !seen.has(row.id) && seen.add(row.id))
    .slice(0, 12)
    .map((row) => ({
      intakeId: row.id,
      courseTitle: row.course.title,
      university: row.course.university_name,
      term: row.term,
      deadline: row.deadline,
      fee:
        row.application_fee_minor && row.application_fee_currency
          ? { minor: row.application_fee_minor, currency: row.application_fee_currency }
          : null,
    }));
}

/**
 * The choices of the caller's application that `applicationId` belongs to, with one timeline of
 * them all and, for `search`, the open intakes that could be added. Null when it is not theirs.
 */
export async function loadChoices(
  supabase: Client,
  applicationId: string,
  search: string,
): Promise<ChoicesPage | null> {
  if (!isUuid(applicationId)) return null;
  const [{ data: me }, { data: settings }] = await Promise.all([
    supabase.from('applications').select('group_id').eq('id', applicationId).maybeSingle(),
    supabase.rpc('choice_limit'),
  ]);
  if (!me?.group_id) return null;
  const rows = await loadGroup(supabase, me.group_id);
  const choices: Choice[] = rows.map((row) => ({
    id: row.id,
    rank: row.choice_rank,
    status: row.status,
    reference: row.reference,
    courseTitle: row.course?.title ?? 'Course',
    university: row.course?.university_name ?? '',
    term: row.intake?.term ?? '',
    deadline: row.intake?.deadline ?? '',
  }));
  const timeline = rows
    .flatMap((row) =>
      row.history.map((entry) => ({
        id: entry.id,
        at: entry.created_at,
        courseTitle: row.course?.title ?? 'Course',
        toStatus: entry.to_status,
        note: entry.note,
      })),
    )
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  const max = typeof settings === 'number' ? settings : MAX_CHOICES_DEFAULT;
  const taken = choices.filter((choice) => choice.status !== 'withdrawn').length;
  const words = search.trim().slice(0, 80);
  const settled = choices.some((choice) => SETTLED.has(choice.status));
  return {
    groupId: me.group_id,
    choices,
    max,
    room: Math.max(max - taken, 0),
    settled,
    firstIsDraft: choices[0]?.status === 'draft',
    timeline,
    search: words,
    candidates:
      words.length >= 2 && !settled && taken < max
        ? await findCandidates(supabase, words, new Set(rows.map((row) => row.intake_id ?? '')))
        : [],
  };
}
