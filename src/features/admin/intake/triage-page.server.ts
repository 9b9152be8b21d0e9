import type { SupabaseClient } from '@supabase/supabase-js';
import type { AstroGlobal } from 'astro';
import { failure, wantsJsonResponse, type FormOutcome } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { staffContext } from '../admin-context.server.ts';
import { pageNumber } from './intake-filters.ts';
import { loadStaffDirectory, type StaffMember } from '../staff-directory.server.ts';
import { triage } from './triage-action.server.ts';
import { readTriageForm } from './triage-form.ts';
import { listSubmissions, TRIAGE_PAGE_SIZE, type Submission, type TriageFilters } from './triage.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

export interface TriagePageModel {
  filters: TriageFilters;
  rows: Submission[];
  total: number;
  pageCount: number;
  staff: StaffMember[];
  /** Why the bulk action was refused; the form keeps its ticks and reviewer. */
  error: string | null;
  selected: ReadonlySet<string>;
  assignee: string;
}

export function triageHref(filters: TriageFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin-intake/triage?${query}` : '/admin-intake/triage';
}

async function runTriage(
  request: Request,
  supabase: SupabaseClient<Database>,
  staff: readonly StaffMember[],
) {
  const form = readTriageForm(await request.formData().catch(() => new FormData()));
  let outcome: FormOutcome;
  try {
    outcome = await triage(supabase, form, staff);
  } catch (error) {
    console.error('Triage failed', error);
    outcome = failure(502, 'The change could not be saved. Please try again in a moment.');
  }
  return { form, outcome };
}

/** /admin-intake/triage: new submissions, oldest first, given a reviewer and moved to review in bulk. */
export async function loadTriagePage(astro: AstroGlobal): Promise<TriagePageModel | Response> {
  const context = staffContext(astro);
  if (context instanceof Response) return context;
  const params = astro.url.searchParams;
  const filters = { q: (params.get('q') ?? '').trim().slice(0, 100), page: pageNumber(params.get('page')) };
  const staff = await loadStaffDirectory(context.supabase);
  let posted: Awaited<ReturnType<typeof runTriage>> | null = null;
  if (astro.request.method === 'POST') {
    posted = await runTriage(astro.request, context.supabase, staff);
    const asJson = wantsJsonResponse(astro.request);
    if (posted.outcome.ok || asJson) {
      return redirectAfter(astro, posted.outcome, triageHref(filters), asJson);
    }
    astro.response.status = posted.outcome.status;
  }
  const { rows, total } = await listSubmissions(context.supabase, filters);
  return {
    filters,
    rows,
    total,
    pageCount: Math.max(1, Math.ceil(total / TRIAGE_PAGE_SIZE)),
    staff,
    error: posted?.outcome.message ?? null,
    selected: new Set(posted?.form.ids ?? []),
    assignee: posted?.form.assignee ?? '',
  };
}
