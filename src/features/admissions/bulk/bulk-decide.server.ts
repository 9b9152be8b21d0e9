import type { SupabaseClient } from '@supabase/supabase-js';
import { decisionLabel } from '../outcomes/decision-outcomes.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { withoutNulls } from '../../../lib/supabase/rpc-args.ts';
import type { DecideCommand } from './bulk-form.ts';
import { decidePlan, decisionDoneMessage } from './release-plans.ts';
import { refusalOf } from './bulk-refusal.ts';
import type { BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, SummaryItem, Verdict } from './bulk-types.ts';
import type { DecisionReason } from '../outcomes/decision-reasons.server.ts';
import { withPlaceLimits } from '../places/place-limits.server.ts';

export interface DecideContext {
  supabase: SupabaseClient<Database>;
  /** Whether the caller's decisions are approved at once (may_release_decisions()). */
  approves: boolean;
  reasons: readonly DecisionReason[];
}

function summaryOf(command: DecideCommand, reasons: readonly DecisionReason[]): SummaryItem[] {
  const reason = reasons.find((item) => item.id === command.reason_id);
  const items: SummaryItem[] = [{ term: 'Decision', detail: decisionLabel(command.outcome) }];
  if (command.outcome === 'offer_conditional') items.push({ term: 'Conditions', detail: command.conditions });
  if (reason) items.push({ term: 'Reason the applicants read', detail: reason.public_wording });
  if (command.reason_detail)
    items.push({ term: 'Private detail (staff only)', detail: command.reason_detail });
  if (command.override_reason) items.push({ term: 'Override reason', detail: command.override_reason });
  return items;
}

/** The arguments of preview_decision and decide_application that come from the form. */
function decisionArgs(command: DecideCommand) {
  return {
    outcome: command.outcome,
    conditions: command.outcome === 'offer_conditional' ? command.conditions : null,
    reason_id: command.reason_id || null,
    override_reason: command.override_reason || null,
  };
}

/** One decision for every selected application, each checked by preview_decision and made by decide_application. */
export function decideAction(context: DecideContext, command: DecideCommand): BulkAction {
  const { supabase, approves } = context;
  const release = command.release === 'yes';
  async function previewOne(target: BulkTarget): Promise<Verdict> {
    const { data, error } = await supabase.rpc(
      'preview_decision',
      withoutNulls({ application_id: target.id, ...decisionArgs(command) }),
    );
    if (error) return { kind: 'refuse', reasons: [refusalOf(error).message] };
    const problems = data ?? [];
    if (problems.length > 0) return { kind: 'refuse', reasons: problems };
    const plan = decidePlan({ outcome: command.outcome, approves, release, ...target });
    return { kind: 'apply', plan };
  }
  return {
    title: `${decisionLabel(command.outcome)} for the selected applications`,
    summary: summaryOf(command, context.reasons),
    confirmLabel: (count) =>
      `${approves ? 'Make' : 'Recommend'} ${count === 1 ? '1 decision' : `${count} decisions`}`,
    async preview(targets) {
      const verdicts: Verdict[] = [];
      for (const target of targets) verdicts.push(await previewOne(target));
      return withPlaceLimits(supabase, command, targets, verdicts);
    },
    async apply(target, stamp) {
      const { data, error } = await supabase.rpc(
        'decide_application',
        withoutNulls({
          application_id: target.id,
          expected_version: stamp.version,
          ...decisionArgs(command),
          reason_detail: command.reason_detail || null,
          release,
        }),
      );
      if (error) return refusalOf(error);
      return {
        kind: 'done',
        message: decisionDoneMessage('Decided', command.outcome, data.state, target.intake),
      };
    },
  };
}
