import type { AstroGlobal } from 'astro';
import { staffContext } from '../admin-context.server.ts';
import { LEAD_PAGE_SIZE, readLeadFilters, type LeadFilters } from './lead-filters.ts';
import { listLeads, type Lead } from './leads.server.ts';
import { loadStaffDirectory, type StaffMember } from '../staff-directory.server.ts';

export interface LeadsPageModel {
  filters: LeadFilters;
  rows: Lead[];
  total: number;
  pageCount: number;
  staff: StaffMember[];
}

/** /admin/leads: counselling requests, newest first, filtered and paged through the URL. */
export async function loadLeadsPage(astro: AstroGlobal): Promise<LeadsPageModel | Response> {
  const context = staffContext(astro);
  if (context instanceof Response) return context;
  const filters = readLeadFilters(astro.url.searchParams);
  const [{ rows, total }, staff] = await Promise.all([
    listLeads(context.supabase, filters),
    loadStaffDirectory(context.supabase),
  ]);
  return { filters, rows, total, pageCount: Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE)), staff };
}
