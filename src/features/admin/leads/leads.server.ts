import type { SupabaseClient } from '@supabase/supabase-js';
import { LEAD_PAGE_SIZE, UNASSIGNED, type LeadFilters } from './lead-filters.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** A lead as staff read it: every column of public.leads, with the course it was sent from. */
export interface Lead {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  level_of_interest: string | null;
  field_of_interest: string | null;
  preferred_intake: string | null;
  message: string | null;
  source: string;
  page_path: string | null;
  course_id: string | null;
  course: { title: string; university_name: string; slug: string } | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  consent_email: boolean;
  consent_phone: boolean;
  consent_whatsapp: boolean;
  status: string;
  assignee: string | null;
  notes: string | null;
  submit_count: number;
  created_at: string;
  updated_at: string;
  /** The row version an edit must name (see the row versions migration). */
  version: number;
}

export const LEAD_COLUMNS = `id, name, email, phone, country, level_of_interest, field_of_interest, preferred_intake,
  message, source, page_path, course_id, course:courses(title, university_name, slug), utm_source, utm_medium,
  utm_campaign, utm_term, utm_content, referrer, consent_email, consent_phone, consent_whatsapp, status,
  assignee, notes, submit_count, created_at, updated_at, version`;

/** Newest first, filtered as the URL says, `from` to `to` inclusive. RLS shows staff every lead, others none. */
export async function queryLeads(
  supabase: SupabaseClient<Database>,
  filters: LeadFilters,
  from: number,
  to: number,
): Promise<{ rows: Lead[]; total: number }> {
  // A search runs in the database, which matches accents and case (staff_search_leads).
  const source = filters.q
    ? supabase.rpc('staff_search_leads', { search: filters.q }, { count: 'exact' }).select(LEAD_COLUMNS)
    : supabase.from('leads').select(LEAD_COLUMNS, { count: 'exact' });
  let query = source
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.source) query = query.eq('source', filters.source);
  if (filters.assignee === UNASSIGNED) query = query.is('assignee', null);
  else if (filters.assignee) query = query.eq('assignee', filters.assignee);
  const { data, error, count } = await query;
  // A page past the end (leads changed since the link was made) is an empty page, not a failure.
  if (error?.code === 'PGRST103') return { rows: [], total: 0 };
  if (error) throw new Error(`leads query failed: ${error.message}`);
  return { rows: (data ?? []) as unknown as Lead[], total: count ?? 0 };
}

export function listLeads(supabase: SupabaseClient<Database>, filters: LeadFilters) {
  const from = (filters.page - 1) * LEAD_PAGE_SIZE;
  return queryLeads(supabase, filters, from, from + LEAD_PAGE_SIZE - 1);
}

export async function getLead(supabase: SupabaseClient<Database>, id: string): Promise<Lead | null> {
  const { data, error } = await supabase.from('leads').select(LEAD_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error(`lead lookup failed: ${error.message}`);
  return data as unknown as Lead | null;
}
