import type { SupabaseClient } from '@supabase/supabase-js';
import type { APIContext } from 'astro';
import { isStaff } from '../../../lib/auth/session-user.ts';
import { csvResponse } from '../../../lib/spreadsheet.server.ts';
import { leadsCsv } from './lead-csv.ts';
import { readLeadFilters } from './lead-filters.ts';
import { queryLeads, type Lead } from './leads.server.ts';
import { loadStaffDirectory, staffEmails } from '../staff-directory.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

const BATCH = 1000;
/** A ceiling so one request cannot hold the server for ever; far above any real lead list. */
const MAX_ROWS = 100_000;

async function allLeads(supabase: SupabaseClient<Database>, params: URLSearchParams): Promise<Lead[]> {
  const filters = readLeadFilters(params);
  const leads: Lead[] = [];
  for (let from = 0; from < MAX_ROWS; from += BATCH) {
    const { rows } = await queryLeads(supabase, filters, from, from + BATCH - 1);
    leads.push(...rows);
    if (rows.length < BATCH) break;
  }
  return leads;
}

/**
 * /admin/leads/export.csv: every lead of the list's current filters as a download. The byte order
 * mark makes spreadsheets read the file as UTF-8; no-store keeps personal data out of caches.
 */
export async function exportLeads(context: APIContext): Promise<Response> {
  const { supabase, user } = context.locals;
  if (!supabase || !isStaff(user ?? null)) return new Response(null, { status: 404 });
  const [leads, staff] = await Promise.all([
    allLeads(supabase, context.url.searchParams),
    loadStaffDirectory(supabase),
  ]);
  const csv = leadsCsv(leads, staffEmails(staff));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`\uFEFF${csv}`, `unipath-leads-${day}.csv`);
}
