import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { approve, release, type DecisionStep } from '../commands/decision-commands.server.ts';
import { decisionDoneMessage, releasedRowMessage } from '../commands/decision-wording.ts';
import { refusalOf } from './bulk-refusal.ts';
import type { BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, RowResult } from './bulk-types.ts';
import { releaseVerdict, type ReleaseActionName } from './release-plans.ts';

const WORDING: Record<ReleaseActionName, { title: string; verb: string }> = {
  approve: { title: 'Approve the selected decisions', verb: 'Approve' },
  release: { title: 'Release the selected decisions', verb: 'Release' },
  approve_release: { title: 'Approve and release the selected decisions', verb: 'Approve and release' },
};

const NOT_THIS_DECISION = 'That decision does not belong to this application. Preview the change again.';

async function approveRow(
  supabase: SupabaseClient<Database>,
  target: BulkTarget,
  step: DecisionStep,
  alsoRelease: boolean,
): Promise<RowResult> {
  const result = await approve(supabase, { ...step, release: alsoRelease });
  if (!result.ok) return refusalOf(result.error);
  const { outcome, state } = result.row;
  return { kind: 'done', message: decisionDoneMessage('Approved', outcome, state, target.intake) };
}

async function releaseRow(supabase: SupabaseClient<Database>, step: DecisionStep): Promise<RowResult> {
  const result = await release(supabase, step);
  if (!result.ok) return refusalOf(result.error);
  return { kind: 'done', message: releasedRowMessage(result.row.status) };
}

/**
 * Approving, releasing, or both, for the open decision of each selected application. The decision
 * and the application's version are the ones the preview read: a decision made, cancelled or
 * released since is refused for that row alone.
 */
export function releaseAction(
  supabase: SupabaseClient<Database>,
  name: ReleaseActionName,
  mayRelease: boolean,
): BulkAction {
  const { title, verb } = WORDING[name];
  return {
    title,
    summary: [{ term: 'Action', detail: verb }],
    confirmLabel: (count) => `${verb} ${count === 1 ? '1 decision' : `${count} decisions`}`,
    preview: async (targets) => targets.map((target) => releaseVerdict(name, target, mayRelease)),
    async apply(target, { version, decisionId }) {
      if (!decisionId) return { kind: 'refused', message: 'No decision is waiting on this application.' };
      const step = { version, decisionId };
      // A decision replaced since the preview moved the version on, and the database says who did
      // what; an id that was never this application's open decision is refused here.
      if (step.decisionId !== target.decision?.id && step.version === target.version) {
        return { kind: 'refused', message: NOT_THIS_DECISION };
      }
      if (name === 'approve') return approveRow(supabase, target, step, false);
      // The preview chose the step this row needs: a recommendation is approved (and released), an approved one released.
      if (name === 'approve_release' && target.decision?.state === 'recommended') {
        return approveRow(supabase, target, step, true);
      }
      return releaseRow(supabase, step);
    },
  };
}
