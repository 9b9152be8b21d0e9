import type { SupabaseClient } from '@supabase/supabase-js';
import { DOCUMENT_COLUMNS } from './application-data.server.ts';
import type { ApplicationDocument } from './types.ts';
import type { Database } from '../../lib/supabase/database.types.ts';
import {
  OFFER_CONDITION_COLUMNS,
  offerConditionsFrom,
  type OfferCondition,
} from '../../lib/offer-conditions.ts';

export interface HistoryEntry {
  id: number;
  from_status: string | null;
  to_status: string;
  actor_kind: 'applicant' | 'admissions' | 'system';
  note: string | null;
  created_at: string;
}

export interface StatusGuide {
  status: string;
  label: string;
  next_actor: string;
  next_step: string;
  is_final: boolean;
}

/** An invoice with money left to pay, as the application card mentions it. */
export interface FeeDue {
  kind: 'application_fee' | 'deposit';
  reference: string;
  outstandingMinor: number;
  currency: string;
  dueOn: string;
}

export interface ApplicationSummary {
  id: string;
  /** The first choice of its application (its own id when it is the first). */
  group_id: string;
  choice_rank: number;
  status: string;
  reference: string | null;
  current_step: string | null;
  submitted_at: string | null;
  updated_at: string;
  created_at: string;
  reply_by: string | null;
  offer_conditions: string | null;
  conditions_met_at: string | null;
  /** The public wording of the reason given with an unsuccessful outcome or a withdrawn offer. */
  outcome_reason: string | null;
  answers: Record<string, unknown>;
  course: { id: string; title: string; university_name: string; slug: string } | null;
  intake: {
    term: string;
    start_date: string;
    deadline: string;
    /** How many references the intake needs and takes (0 and 0 when it asks for none). */
    references_min?: number;
    references_max?: number;
  } | null;
  /** The states of its reference requests. */
  referees?: { status: string }[];
  /** What is left to pay on the application's fee and on this choice's deposit. */
  fees?: FeeDue[];
  documents: ApplicationDocument[];
  /** The conditional offer's checklist, once the offer is released. */
  conditions: OfferCondition[];
  history: HistoryEntry[];
  guide: StatusGuide | null;
}

// Only the application's own columns: staff decisions (application_decisions) are never read here, so
// nothing the applicant sees can run ahead of a decision's release.
const COLUMNS = `id, group_id, choice_rank, status, reference, current_step, submitted_at, updated_at, created_at, reply_by, offer_conditions,
  conditions_met_at, outcome_reason, answers,
  course:courses(id, title, university_name, slug), intake:intakes(term, start_date, deadline, references_min, references_max),
  referees:reference_requests(status),
  documents:application_documents(${DOCUMENT_COLUMNS}),
  conditions:offer_conditions(${OFFER_CONDITION_COLUMNS}),
  history:application_status_history(id, from_status, to_status, actor_kind, note, created_at)`;

/** Who acts next and what happens next for every status, as the database states it. */
export async function loadStatusGuide(supabase: SupabaseClient<Database>): Promise<Map<string, StatusGuide>> {
  const { data } = await supabase
    .from('application_status_guide')
    .select('status, label, next_actor, next_step, is_final');
  return new Map(((data ?? []) as StatusGuide[]).map((row) => [row.status, row]));
}

type Row = Omit<ApplicationSummary, 'guide'>;
type Shared = Pick<Row, 'id' | 'group_id' | 'documents' | 'referees'>;

/** The choices of one application share its documents and references: each choice shows them all. */
function shareAcrossChoices<T extends Row>(rows: T[], siblings: readonly Shared[] = rows): T[] {
  const byGroup = new Map<string, Shared[]>();
  for (const row of [...rows, ...siblings]) {
    const group = byGroup.get(row.group_id) ?? [];
    if (!group.some((other) => other.id === row.id)) group.push(row);
    byGroup.set(row.group_id, group);
  }
  return rows.map((row) => {
    const group = byGroup.get(row.group_id) ?? [row];
    if (group.length < 2) return row;
    return {
      ...row,
      documents: group.flatMap((choice) => choice.documents),
      referees: group.flatMap((choice) => choice.referees ?? []),
    };
  });
}

function withGuide(row: Row, guide: Map<string, StatusGuide>): ApplicationSummary {
  return {
    ...row,
    documents: [...row.documents].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    conditions: offerConditionsFrom(row.conditions),
    // Steps taken in one transaction share a time; the row id keeps them in the order they happened.
    history: [...row.history].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    guide: guide.get(row.status) ?? null,
  };
}

/** The applicant's applications, newest first, each with its documents, timeline and next step. */
export async function listApplications(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<ApplicationSummary[]> {
  const [{ data, error }, guide] = await Promise.all([
    supabase
      .from('applications')
      .select(COLUMNS)
      .eq('applicant_id', userId)
      .order('created_at', { ascending: false }),
    loadStatusGuide(supabase),
  ]);
  if (error) console.error('Listing applications failed', error.message);
  const rows = shareAcrossChoices((data ?? []) as unknown as Row[]);
  const fees = await feesDue(supabase, userId, rows.length > 0);
  return rows.map((row) => ({
    ...withGuide(row, guide),
    fees: fees.filter(
      (fee) =>
        fee.groupId === row.group_id && (fee.kind === 'application_fee' || fee.applicationId === row.id),
    ),
  }));
}

/** The applicant's invoices with money left to pay. */
async function feesDue(
  supabase: SupabaseClient<Database>,
  userId: string,
  any: boolean,
): Promise<(FeeDue & { groupId: string; applicationId: string | null })[]> {
  if (!any) return [];
  const { data, error } = await supabase
    .from('invoice_summaries')
    .select('group_id, application_id, kind, reference, outstanding_minor, currency, due_on')
    .eq('applicant_id', userId)
    .gt('outstanding_minor', 0);
  if (error) console.error('Listing fees failed', error.message);
  return (data ?? []).map((row) => ({
    groupId: row.group_id ?? '',
    applicationId: row.application_id,
    kind: row.kind === 'deposit' ? 'deposit' : 'application_fee',
    reference: row.reference ?? '',
    outstandingMinor: Number(row.outstanding_minor ?? 0),
    currency: row.currency ?? '',
    dueOn: row.due_on ?? '',
  }));
}

/** One of the applicant's applications (RLS hides the rest); null when there is none. */
export async function loadApplication(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<ApplicationSummary | null> {
  const [{ data }, guide] = await Promise.all([
    supabase.from('applications').select(COLUMNS).eq('id', id).maybeSingle(),
    loadStatusGuide(supabase),
  ]);
  if (!data) return null;
  const row = data as unknown as Row;
  const { data: siblings } = await supabase
    .from('applications')
    .select(
      `id, group_id, referees:reference_requests(status), documents:application_documents(${DOCUMENT_COLUMNS})`,
    )
    .eq('group_id', row.group_id)
    .neq('id', row.id);
  const [shared] = shareAcrossChoices([row], (siblings ?? []) as unknown as Shared[]);
  return withGuide(shared ?? row, guide);
}
