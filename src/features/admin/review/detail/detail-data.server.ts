import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProfileRow } from '../../../../lib/supabase/profile-row.ts';
import { applicantEmails } from '../applicant-contacts.server.ts';
import { documentLinks, loadDocumentOpenings, type DocumentLink } from './document-links.server.ts';
import { loadStaffDirectory, staffEmails, type StaffMember } from '../../staff-directory.server.ts';
import {
  loadDecisionContext,
  type DecisionContext,
} from '../../../admissions/decide/decision-data.server.ts';
import { loadPersonNames } from './person-names.server.ts';
import type { Database, Tables } from '../../../../lib/supabase/database.types.ts';
import {
  OFFER_CONDITION_COLUMNS,
  offerConditionsFrom,
  type OfferCondition,
} from '../../../../lib/offer-conditions.ts';

export interface ReviewDocument {
  id: string;
  kind: string;
  file_name: string;
  size_bytes: number;
  content_type: string;
  status: 'uploaded' | 'verified' | 'rejected';
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  storage_path: string;
  created_at: string;
  /** The offer condition this document is evidence for (kind condition_evidence). */
  condition_id: string | null;
}

export interface StatusChange {
  id: number;
  from_status: string | null;
  to_status: string;
  actor: string | null;
  actor_kind: 'applicant' | 'admissions' | 'system';
  note: string | null;
  created_at: string;
}

export interface InternalNote {
  id: string;
  author: string;
  body: string;
  created_at: string;
}

export interface ReviewApplication {
  id: string;
  /** The first choice of its application (its own id when it is the first). */
  group_id: string | null;
  reference: string;
  status: string;
  /** The row version every form sends back, so a stale form is refused. */
  version: number;
  updated_at: string;
  updated_by: string | null;
  /** What the latest change did, in words ("status Under review → Waitlisted"). */
  last_change: string | null;
  outcome_reason: string | null;
  conditions_met_at: string | null;
  applicant_id: string;
  submitted_at: string;
  decided_at: string | null;
  reply_by: string | null;
  offer_conditions: string | null;
  assigned_to: string | null;
  answers: Record<string, unknown>;
  course: { id: string; title: string; university_name: string; slug: string };
  intake: {
    id: string;
    term: string;
    start_date: string;
    deadline: string;
    reply_by: string | null;
    status: string;
    release_mode: 'rolling' | 'batch';
  };
  documents: ReviewDocument[];
  /** The conditional offer's checklist, once it is released. */
  conditions: OfferCondition[];
  history: StatusChange[];
  notes: InternalNote[];
}

export interface StatusGuide {
  label: string;
  next_actor: string;
  next_step: string;
  is_final: boolean;
}

/** The applicant's profile; its lists are read defensively, as the applicant wrote them. */
export interface ApplicantProfile extends Omit<ProfileRow, 'education' | 'test_scores'> {
  education: unknown;
  test_scores: unknown;
  updated_at: string;
}

export interface ApplicationDetail {
  application: ReviewApplication;
  guide: StatusGuide | null;
  profile: ApplicantProfile | null;
  /** Null when the address could not be read. */
  applicantEmail: string | null;
  staff: StaffMember[];
  links: Map<string, DocumentLink>;
  /** Other applicants' applications this one may duplicate, with what matched. */
  duplicates: PossibleDuplicate[];
  decision: DecisionContext;
  /** Names of the people the page mentions (deciders, history actors, the last change), by id. */
  names: Map<string, string>;
  /** The application's choices, in full where the viewer's office covers them. */
  choices: StaffChoice[];
  /** The application's fee and this choice's deposit, as far as the viewer's office covers them. */
  fees: StaffFee[];
}

export interface StaffFee {
  id: string;
  kind: string;
  reference: string;
  state: string;
  amountMinor: number;
  outstandingMinor: number;
  currency: string;
  dueOn: string;
}

async function loadStaffFees(
  supabase: SupabaseClient<Database>,
  application: { id: string; group_id: string | null },
): Promise<StaffFee[]> {
  const { data, error } = await supabase
    .from('invoice_summaries')
    .select('id, kind, reference, state, amount_minor, outstanding_minor, currency, due_on, application_id')
    .eq('group_id', application.group_id ?? application.id)
    .order('created_at');
  if (error) console.error('Reading the fees failed', error.message);
  return (data ?? [])
    .filter((row) => row.kind === 'application_fee' || row.application_id === application.id)
    .map((row) => ({
      id: row.id ?? '',
      kind: row.kind ?? '',
      reference: row.reference ?? '',
      state: row.state ?? '',
      amountMinor: Number(row.amount_minor ?? 0),
      outstandingMinor: Number(row.outstanding_minor ?? 0),
      currency: row.currency ?? '',
      dueOn: row.due_on ?? '',
    }));
}

export interface StaffChoice {
  id: string;
  rank: number;
  covered: boolean;
  courseTitle: string | null;
  university: string | null;
  term: string | null;
  status: string | null;
  reference: string | null;
}

async function loadStaffChoices(supabase: SupabaseClient<Database>, id: string): Promise<StaffChoice[]> {
  const { data, error } = await supabase.rpc('staff_application_choices', { application_id: id });
  if (error) console.error('Reading the choices failed', error.message);
  return (data ?? []).map((row) => ({
    id: row.id,
    rank: row.choice_rank,
    covered: row.covered,
    courseTitle: row.course_title,
    university: row.university_name,
    term: row.term,
    status: row.status,
    reference: row.reference,
  }));
}

export interface PossibleDuplicate {
  id: string;
  reference: string | null;
  applicantName: string;
  status: string;
  matchedOn: string[];
}

/** possible_duplicates(): empty when it cannot be read (the screen then shows no flag). */
async function loadPossibleDuplicates(
  supabase: SupabaseClient<Database>,
  applicationId: string,
): Promise<PossibleDuplicate[]> {
  const { data, error } = await supabase.rpc('possible_duplicates', { application_id: applicationId });
  if (error) console.error('Reading possible duplicates failed', error.message);
  return (data ?? []).map((row) => ({
    id: row.other_id,
    reference: row.reference,
    applicantName: row.applicant_name,
    status: row.status,
    matchedOn: row.matched_on,
  }));
}

const COLUMNS = `id, group_id, reference, status, version, updated_at, outcome_reason,
  changes:application_changes(changed_by, change),
  conditions_met_at, applicant_id, submitted_at, decided_at, reply_by, offer_conditions,
  assigned_to, answers, course:courses(id, title, university_name, slug),
  intake:intakes(id, term, start_date, deadline, reply_by, status, release_mode),
  documents:application_documents(id, kind, file_name, size_bytes, content_type, status, rejection_reason,
    reviewed_by, reviewed_at, storage_path, created_at, condition_id),
  conditions:offer_conditions(${OFFER_CONDITION_COLUMNS}),
  history:application_status_history(id, from_status, to_status, actor, actor_kind, note, created_at),
  notes:application_notes(id, author, body, created_at)`;

const PROFILE_COLUMNS = `full_name, date_of_birth, nationality, phone, passport_number, address_line, city, postal_code,
  country, education, test_scores, updated_at`;

/** Who changed the application last and what they did (staff only: application_changes). */
type ChangeRow = Pick<Tables<'application_changes'>, 'changed_by' | 'change'>;

const byTime = <T extends { created_at: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));

/** A submitted application (drafts are the applicant's own business) as staff read it under RLS. */
export async function loadReviewApplication(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<ReviewApplication | null> {
  const { data, error } = await supabase
    .from('applications')
    .select(COLUMNS)
    .eq('id', id)
    .neq('status', 'draft')
    .maybeSingle();
  if (error) console.error('Reading the application failed', error.message);
  if (!data) return null;
  const { changes, ...row } = data as unknown as ReviewApplication & {
    changes: ChangeRow | ChangeRow[] | null;
  };
  const latest = Array.isArray(changes) ? changes[0] : changes;
  // A later choice reads the documents its application keeps with the first choice.
  const shared =
    row.group_id && row.group_id !== row.id
      ? ((
          await supabase
            .from('application_documents')
            .select(
              'id, kind, file_name, size_bytes, content_type, status, rejection_reason, reviewed_by, reviewed_at, storage_path, created_at, condition_id',
            )
            .eq('application_id', row.group_id)
        ).data ?? [])
      : [];
  return {
    ...row,
    documents: byTime([...row.documents, ...(shared as typeof row.documents)]),
    updated_by: latest?.changed_by ?? null,
    last_change: latest?.change ?? null,
    conditions: offerConditionsFrom(row.conditions),
    history: [...row.history].sort((a, b) => a.id - b.id),
    notes: byTime(row.notes),
  };
}

/**
 * Everything the review screen shows: the application, its applicant's profile and e-mail address,
 * the team and file links.
 */
export async function loadApplicationDetail(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<ApplicationDetail | null> {
  const application = await loadReviewApplication(supabase, id);
  if (!application) return null;
  const [guide, profile, emails, staff, openings, duplicates, decision, choices, fees] = await Promise.all([
    supabase
      .from('application_status_guide')
      .select('label, next_actor, next_step, is_final')
      .eq('status', application.status)
      .maybeSingle(),
    supabase.from('profiles').select(PROFILE_COLUMNS).eq('id', application.applicant_id).maybeSingle(),
    applicantEmails(supabase, [application.applicant_id]),
    loadStaffDirectory(supabase),
    loadDocumentOpenings(supabase, application.id),
    loadPossibleDuplicates(supabase, application.id),
    loadDecisionContext(supabase, application),
    loadStaffChoices(supabase, application.id),
    loadStaffFees(supabase, application),
  ]);
  if (profile.error) console.error('Reading the applicant profile failed', profile.error.message);
  const people = [
    application.updated_by,
    ...application.history.map((entry) => entry.actor),
    ...decision.decisions.flatMap((d) => [d.recommended_by, d.approved_by, d.released_by, d.cancelled_by]),
    ...application.conditions.map((condition) => condition.marked_by),
  ];
  return {
    application,
    guide: (guide.data as StatusGuide | null) ?? null,
    profile: (profile.data as ApplicantProfile | null) ?? null,
    applicantEmail: emails.get(application.applicant_id) ?? null,
    staff,
    links: documentLinks(application.documents, openings),
    duplicates,
    decision,
    names: await loadPersonNames(supabase, people, staffEmails(staff)),
    choices,
    fees,
  };
}
