import { isUuid } from '../../../lib/uuid.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../../../lib/security/form-outcome.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { nullableArg } from '../../../lib/supabase/rpc-args.ts';
import { done, outcomeOfError, type AdminHandler } from '../../admin/admin-action.server.ts';

type Client = SupabaseClient<Database>;

/** One reader's line in the progress table (reader_progress()). */
export interface ReaderProgress {
  id: string;
  name: string;
  cap: number;
  ownCap: number | null;
  paused: boolean;
  assigned: number;
  submitted: number;
  remaining: number;
  lastSubmittedAt: string | null;
  /** Mean distance of their totals from the other readers' on the same applications (points). */
  drift: number | null;
  /** How much their own totals vary (standard deviation, points). */
  spread: number | null;
  driftFlag: boolean;
  flatFlag: boolean;
}

export interface AssessmentSettings {
  readerCap: number;
  disagreementMargin: number;
  retentionDays: number;
}

export async function loadReaders(supabase: Client): Promise<ReaderProgress[] | null> {
  const [{ data, error }, { data: own }] = await Promise.all([
    supabase.rpc('reader_progress'),
    supabase.from('reader_settings').select('reader_id, max_open_reads, paused'),
  ]);
  if (error) {
    console.error('Reading reader progress failed', error.message);
    return null;
  }
  const settings = new Map((own ?? []).map((row) => [row.reader_id, row]));
  return (data ?? []).map((row) => ({
    id: row.reader_id,
    name: row.reader_name,
    cap: row.cap,
    ownCap: settings.get(row.reader_id)?.max_open_reads ?? null,
    paused: settings.get(row.reader_id)?.paused ?? false,
    assigned: row.assigned,
    submitted: row.submitted,
    remaining: row.remaining,
    lastSubmittedAt: row.last_submitted_at,
    drift: row.drift,
    spread: row.spread,
    driftFlag: row.drift_flag,
    flatFlag: row.flat_flag,
  }));
}

export async function loadAssessmentSettings(supabase: Client): Promise<AssessmentSettings | null> {
  const { data, error } = await supabase
    .from('admissions_settings')
    .select('reader_cap, disagreement_margin, read_comment_retention_days')
    .maybeSingle();
  if (error) console.error('Reading the assessment settings failed', error.message);
  if (!data) return null;
  return {
    readerCap: data.reader_cap,
    disagreementMargin: data.disagreement_margin,
    retentionDays: data.read_comment_retention_days,
  };
}

const wholeOrNull = (raw: string | undefined) => {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  return /^\d{1,5}$/.test(text) ? Number(text) : NaN;
};

export function readerHandlers(supabase: Client): Record<string, AdminHandler> {
  return {
    'save-settings': async (fields) => {
      const cap = wholeOrNull(fields['reader_cap']);
      const margin = wholeOrNull(fields['disagreement_margin']);
      const days = wholeOrNull(fields['retention_days']);
      if ([cap, margin, days].some((value) => value === null || Number.isNaN(value)))
        return failure(422, 'Give each setting as a whole number.');
      const { error } = await supabase.rpc('set_assessment_settings', {
        reader_cap: cap ?? 0,
        disagreement_margin: margin ?? 0,
        retention_days: days ?? 0,
      });
      return error ? outcomeOfError(error) : done('Assessment settings saved.');
    },
    'save-reader': async (fields) => {
      const reader = fields['reader_id'] ?? '';
      if (!isUuid(reader)) return failure(422, 'This reader is not recognised. Reload the page.');
      const cap = wholeOrNull(fields['max_open_reads']);
      if (Number.isNaN(cap))
        return failure(422, 'A reader’s cap is a whole number, or empty for the office’s.');
      const { error } = await supabase.rpc('set_reader_settings', {
        reader,
        max_open_reads: nullableArg(cap),
        paused: fields['paused'] === 'yes',
      });
      return error ? outcomeOfError(error) : done('Reader saved.');
    },
    'assign-missing': async () => {
      const { data, error } = await supabase.rpc('assign_missing_reads');
      if (error) return outcomeOfError(error);
      const count = data;
      return done(
        count === 0
          ? 'No read could be assigned: every application has its readers, or no reader is free.'
          : `${count} ${count === 1 ? 'read' : 'reads'} assigned.`,
      );
    },
  };
}
