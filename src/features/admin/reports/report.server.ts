import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { reportArguments, type ReportFilters } from './report-filters.ts';
import { reportSchema, type Report } from './report-schema.ts';

/** The reports for `filters`, or null when they could not be read (the page says so instead of showing zeros). */
export async function loadReport(
  supabase: SupabaseClient<Database>,
  filters: ReportFilters,
): Promise<Report | null> {
  const { data, error } = await supabase.rpc('admissions_report', { filters: reportArguments(filters) });
  if (error) {
    console.error('admissions_report failed', error.message);
    return null;
  }
  const parsed = reportSchema.safeParse(data);
  if (!parsed.success) {
    console.error('admissions_report answered an unexpected shape', parsed.error.message);
    return null;
  }
  return parsed.data;
}
