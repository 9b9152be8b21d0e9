import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import type { Stamp } from './bulk-form.ts';
import {
  decisionDoneMessage,
  releasedMessage,
  releaseVerdict,
  type ReleaseActionName,
} from './release-plans.ts';
import { refusalOf } from './bulk-refusal.ts';
import type { BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, RowResult } from './bulk-types.ts';

const WORDING: Record<ReleaseActionName, { title: string; verb: string }> = {
  approve: { title: 'Approve the selected decisions', verb: 'Approve' },
  release: { title: 'Release the selected decisions', verb: 'Release' },
  approve_release: { title: 'Approve and release the selected decisions', verb: 'Approve and release' },
};

/** The stamp of a row that names its open decision. */
type DecisionStamp = Stamp & { decisionId: string };

const NOT_THIS_DECISION = 'That decision does not belong to this application. Preview the change again.';

async function approve(
  supabase: SupabaseClient<Database>,
  target: BulkTarget,
  stamp: DecisionStamp,
  release: boolean,
) {
  const { data, error } = await supabase.rpc('approve_decision', {
    decision_id: stamp.decisionId,
    expected_version: stamp.version,
    release,
  });
  if (error) return refusalOf(error);
  return {
    kind: 'done',
    message: decisionDoneMessage('Approved', data.outcome, data.state, target.intake),
  } as const;
}

async function release(supabase: SupabaseClient<Database>, stamp: DecisionStamp): Promise<RowResult> {
  const { data, error } = await supabase.rpc('release_decision', {
    decision_id: stamp.decisionId,
    expected_version: stamp.version,
  });
  if (error) return refusalOf(error);
  return { kind: 'done', message: releasedMessage(data.status) };
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
      const stamp = { version, decisionId };
      // A decision replaced since the preview moved the version on, and the database says who did
      // what; an id that was never this application's open decision is refused here.
      if (stamp.decisionId !== target.decision?.id && stamp.version === target.version) {
        return { kind: 'refused', message: NOT_THIS_DECISION };
      }
      if (name === 'approve') return approve(supabase, target, stamp, false);
      // The preview chose the step this row needs: a recommendation is approved (and released), an approved one released.
      if (name === 'approve_release' && target.decision?.state === 'recommended') {
        return approve(supabase, target, stamp, true);
      }
      return release(supabase, stamp);
    },
  };
}
