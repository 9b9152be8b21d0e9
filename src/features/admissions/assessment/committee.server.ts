import { isUuid } from '../../../lib/uuid.ts';
import type { AstroGlobal } from 'astro';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import { decisionAction } from '../bulk/bulk-decision-actions.server.ts';
import {
  bulkStatus,
  runBulkPost,
  type BulkFormState,
  type BulkPreviewModel,
  type BulkResultsModel,
} from '../bulk/bulk-post.server.ts';
import { listActiveReasons, type DecisionReason } from '../outcomes/decision-reasons.server.ts';
import { loadIntakePlaces, type IntakePlaces } from '../places/intake-places.server.ts';
import { mayReleaseDecisions } from '../release/decision-rights.server.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { inviteToInterview } from './interviews.server.ts';
import { intakeTitle } from './intake-title.server.ts';
import { parseCommitteeFilters, type CommitteeFilters } from './committee-filters.ts';

type Client = SupabaseClient<Database>;

/** One application in the committee's ranking (committee_ranking()). */
export interface RankedApplication {
  id: string;
  reference: string;
  applicantName: string;
  status: string;
  readsRequired: number;
  readsSubmitted: number;
  meanTotal: number | null;
  disagreement: boolean;
  rank: number;
}

export interface CommitteeListModel {
  kind: 'list';
  intakeId: string;
  title: string;
  filters: CommitteeFilters;
  rows: RankedApplication[] | null;
  /** Applications ranked before the filters on score and flags. */
  total: number;
  places: IntakePlaces | null;
  reasons: DecisionReason[];
  mayRelease: boolean;
  isAdmin: boolean;
  form: BulkFormState | null;
}

export type CommitteePage = CommitteeListModel | BulkPreviewModel | BulkResultsModel;

const RANKED = 1000;

async function loadRanking(supabase: Client, intakeId: string, filters: CommitteeFilters) {
  const { data, error } = await supabase.rpc('committee_ranking', {
    intake_id: intakeId,
    only_complete: filters.complete,
    max_rows: RANKED,
    skip: 0,
  });
  if (error) {
    console.error('Reading the committee ranking failed', error.message);
    return { rows: null, total: 0 };
  }
  const rows = (data ?? []).map((row): RankedApplication => ({
    id: row.application_id,
    reference: row.reference,
    applicantName: row.applicant_name ?? '',
    status: row.status,
    readsRequired: row.reads_required,
    readsSubmitted: row.reads_submitted,
    meanTotal: row.mean_total === null ? null : Number(row.mean_total),
    disagreement: row.disagreement === true,
    rank: Number(row.rank),
  }));
  return {
    total: Number(data?.[0]?.total_count ?? 0),
    rows: rows.filter(
      (row) =>
        (filters.minScore === null || (row.meanTotal ?? -1) >= filters.minScore) &&
        (!filters.disagreementOnly || row.disagreement),
    ),
  };
}

/**
 * /admin-intake/{id}/ranking: the intake's applications ranked by their reads, with its places
 * beside them. Ticked rows go into the same bulk decision as the review queue (recommend, approve,
 * release), previewed before anything changes.
 */
export async function loadCommitteePage(
  astro: AstroGlobal,
  ctx: AdminContext,
  intakeId: string,
): Promise<CommitteePage | Response> {
  const title = await intakeTitle(ctx.supabase, intakeId);
  if (title === null) return new Response(null, { status: 404 });
  const [reasons, mayRelease] = await Promise.all([
    listActiveReasons(ctx.supabase),
    mayReleaseDecisions(ctx.supabase),
  ]);
  let form: BulkFormState | null = null;
  if (astro.request.method === 'POST') {
    const posted = await astro.request
      .clone()
      .formData()
      .catch(() => new FormData());
    const interview = posted.get('interview');
    if (interview === 'invite' || interview === 'invite-shown') {
      // The ticked rows, or every row the filters show (everyone above a score).
      const ids =
        interview === 'invite'
          ? posted.getAll('ids').filter((id): id is string => typeof id === 'string' && isUuid(id))
          : (
              (await loadRanking(ctx.supabase, intakeId, parseCommitteeFilters(astro.url.searchParams)))
                .rows ?? []
            ).map((row) => row.id);
      const outcome = await inviteToInterview(ctx.supabase, ids.slice(0, 1000));
      return redirectAfter(astro, outcome, `${astro.url.pathname}${astro.url.search}`);
    }
    const context = { supabase: ctx.supabase, mayRelease, reasons };
    const outcome = await runBulkPost(astro.request, ctx.supabase, (command) =>
      command.action === 'assign' ? null : decisionAction(context, command),
    );
    astro.response.status = bulkStatus(outcome);
    if (outcome.kind !== 'form') return outcome;
    form = outcome.state;
  }
  const filters = parseCommitteeFilters(astro.url.searchParams);
  const [ranking, places] = await Promise.all([
    loadRanking(ctx.supabase, intakeId, filters),
    loadIntakePlaces(ctx.supabase, intakeId),
  ]);
  return {
    kind: 'list',
    intakeId,
    title,
    filters,
    rows: ranking.rows,
    total: ranking.total,
    places,
    reasons,
    mayRelease,
    isAdmin: ctx.isAdmin,
    form,
  };
}
