import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../../../lib/supabase/database.types.ts';
import { readCriteria, type Criterion } from './criteria.ts';

type Client = SupabaseClient<Database>;
export type ReadRow = Tables<'application_reads'>;

/** One line of a reader's queue. */
export interface QueuedRead {
  id: string;
  status: ReadRow['status'];
  extra: boolean;
  assignedAt: string;
  submittedAt: string | null;
  total: number | null;
  applicationId: string;
  reference: string;
  course: string;
  term: string;
}

interface QueueRow {
  id: string;
  status: ReadRow['status'];
  extra: boolean;
  assigned_at: string;
  submitted_at: string | null;
  total: number | null;
  application: {
    id: string;
    reference: string | null;
    course: { title: string } | null;
    intake: { term: string } | null;
  } | null;
}

const QUEUE_LIMIT = 500;

/**
 * "My reads": the reads assigned to this reader, open ones first with the oldest assignment at the
 * top, then the ones they sent, latest first. Null when the reads could not be loaded.
 */
export async function loadMyReads(supabase: Client, readerId: string): Promise<QueuedRead[] | null> {
  const { data, error } = await supabase
    .from('application_reads')
    .select(
      `id, status, extra, assigned_at, submitted_at, total,
       application:applications(id, reference, course:courses(title), intake:intakes(term))`,
    )
    .eq('reader_id', readerId)
    .order('assigned_at', { ascending: true })
    .limit(QUEUE_LIMIT);
  if (error) {
    console.error('Reading the reader queue failed', error.message);
    return null;
  }
  const rows = (data ?? []) as unknown as QueueRow[];
  const reads = rows.map((row): QueuedRead => ({
    id: row.id,
    status: row.status,
    extra: row.extra,
    assignedAt: row.assigned_at,
    submittedAt: row.submitted_at,
    total: row.total,
    applicationId: row.application?.id ?? '',
    reference: row.application?.reference ?? '',
    course: row.application?.course?.title ?? '',
    term: row.application?.intake?.term ?? '',
  }));
  const open = reads.filter((read) => read.status !== 'submitted');
  const sent = reads
    .filter((read) => read.status === 'submitted')
    .sort((a, b) => (b.submittedAt ?? '').localeCompare(a.submittedAt ?? ''));
  return [...open, ...sent];
}

/** The scoresheet a read is scored on: the version it was first saved on, else the current one. */
export interface ReadSheet {
  versionId: string;
  number: number;
  name: string;
  criteria: Criterion[];
}

async function sheetOf(supabase: Client, read: ReadRow): Promise<ReadSheet | null> {
  let versionId = read.scoresheet_version_id;
  if (!versionId) {
    const { data, error } = await supabase.rpc('scoresheet_version_for', {
      application_id: read.application_id,
    });
    if (error) console.error('Finding the scoresheet failed', error.message);
    versionId = data?.id ?? null;
  }
  if (!versionId) return null;
  const { data, error } = await supabase
    .from('scoresheet_versions')
    .select('id, number, criteria, sheet:scoresheets(name)')
    .eq('id', versionId)
    .maybeSingle();
  if (error) console.error('Reading the scoresheet failed', error.message);
  if (!data) return null;
  const sheet = (data as unknown as { sheet: { name: string } | null }).sheet;
  return {
    versionId: data.id,
    number: data.number,
    name: sheet?.name ?? 'Scoresheet',
    criteria: readCriteria(data.criteria),
  };
}

/** What an application's reads add up to (read_results()); blind while the viewer's own read is open. */
export interface ReadResults {
  readsRequired: number;
  readsAssigned: number;
  readsSubmitted: number;
  meanTotal: number | null;
  lowTotal: number | null;
  highTotal: number | null;
  disagreement: boolean;
  blind: boolean;
}

export async function loadReadResults(supabase: Client, applicationId: string): Promise<ReadResults | null> {
  const { data, error } = await supabase.rpc('read_results', { application_ids: [applicationId] });
  if (error) {
    console.error('Reading the read results failed', error.message);
    return null;
  }
  const row = (data ?? [])[0];
  if (!row) return null;
  return {
    readsRequired: row.reads_required,
    readsAssigned: row.reads_assigned,
    readsSubmitted: row.reads_submitted,
    meanTotal: row.mean_total,
    lowTotal: row.low_total,
    highTotal: row.high_total,
    disagreement: row.disagreement === true,
    blind: row.blind === true,
  };
}

/** The reads of an application the viewer may see under RLS (their own and, once sent, others'). */
export async function loadVisibleReads(supabase: Client, applicationId: string): Promise<ReadRow[]> {
  const { data, error } = await supabase
    .from('application_reads')
    .select('*')
    .eq('application_id', applicationId)
    .order('assigned_at', { ascending: true });
  if (error) console.error('Reading the reads failed', error.message);
  return data ?? [];
}

export interface ReadDetail {
  read: ReadRow;
  sheet: ReadSheet | null;
  /** Other readers' reads the viewer may see; empty while their own is open. */
  others: ReadRow[];
  results: ReadResults | null;
}

/** A read with its scoresheet, the other reads visible to the viewer and the results; null when not theirs to see. */
export async function loadRead(supabase: Client, readId: string): Promise<ReadDetail | null> {
  const { data: read, error } = await supabase
    .from('application_reads')
    .select('*')
    .eq('id', readId)
    .maybeSingle();
  if (error) console.error('Reading the read failed', error.message);
  if (!read) return null;
  const [sheet, all, results] = await Promise.all([
    sheetOf(supabase, read),
    loadVisibleReads(supabase, read.application_id),
    loadReadResults(supabase, read.application_id),
  ]);
  return { read, sheet, others: all.filter((other) => other.id !== read.id), results };
}

/** A read's criteria: those of the version its scores were given on, else those of any visible version. */
export async function criteriaOfVersion(supabase: Client, versionId: string | null): Promise<Criterion[]> {
  if (!versionId) return [];
  const { data } = await supabase
    .from('scoresheet_versions')
    .select('criteria')
    .eq('id', versionId)
    .maybeSingle();
  return readCriteria(data?.criteria);
}
