import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { decide, previewDecision, type DecisionTerms } from '../commands/decision-commands.server.ts';
import { decisionLabel, isOfferOutcome } from '../outcomes/decision-outcomes.ts';
import type { DecisionReason } from '../outcomes/decision-reasons.server.ts';
import { decidePlan, decisionDoneMessage } from '../commands/decision-wording.ts';
import { offersBeyondPlaces } from '../places/place-limits.server.ts';
import type { DecideCommand } from './bulk-form.ts';
import { refusalOf } from './bulk-refusal.ts';
import type { BulkTarget } from './bulk-targets.server.ts';
import type { BulkAction, SummaryItem, Verdict } from './bulk-types.ts';

export interface DecideContext {
  supabase: SupabaseClient<Database>;
  /** Whether the caller's decisions are approved at once (may_release_decisions()). */
  approves: boolean;
  reasons: readonly DecisionReason[];
}

const dayOrDefault = (day: string) => (day ? formatDay(day) : "Each intake's default");

function summaryOf(command: DecideCommand, reasons: readonly DecisionReason[]): SummaryItem[] {
  const reason = reasons.find((item) => item.id === command.reason_id);
  const items: SummaryItem[] = [{ term: 'Decision', detail: decisionLabel(command.outcome) }];
  if (command.outcome === 'offer_conditional') {
    items.push({ term: 'Conditions', detail: command.conditions });
    items.push({ term: 'Conditions due by', detail: dayOrDefault(command.conditions_deadline) });
  }
  if (isOfferOutcome(command.outcome))
    items.push({ term: 'Reply by', detail: dayOrDefault(command.offer_reply_by) });
  if (reason) items.push({ term: 'Reason the applicants read', detail: reason.public_wording });
  if (command.reason_detail)
    items.push({ term: 'Private detail (staff only)', detail: command.reason_detail });
  if (command.override_reason) items.push({ term: 'Override reason', detail: command.override_reason });
  return items;
}

function termsOf(command: DecideCommand, target: BulkTarget): DecisionTerms {
  const { outcome, conditions, reason_id, override_reason } = command;
  return {
    applicationId: target.id,
    outcome,
    conditions,
    reasonId: reason_id,
    overrideReason: override_reason,
  };
}

/** Offers beyond the places left, in list order, are refused as the database will refuse them. */
async function withPlaceLimits(
  context: DecideContext,
  command: DecideCommand,
  targets: readonly BulkTarget[],
  verdicts: Verdict[],
): Promise<Verdict[]> {
  if (!isOfferOutcome(command.outcome) || command.override_reason) return verdicts;
  const claims = targets.map((target, i) =>
    verdicts[i]?.kind === 'apply' ? { intakeId: target.intake_id, term: target.intake.term } : null,
  );
  const beyond = await offersBeyondPlaces(context.supabase, claims);
  return verdicts.map((verdict, i): Verdict => {
    const reason = beyond.get(i);
    return reason ? { kind: 'refuse', reasons: [reason] } : verdict;
  });
}

/** One decision for every selected application, each checked by preview_decision and made by decide_application. */
export function decideAction(context: DecideContext, command: DecideCommand): BulkAction {
  const { supabase, approves } = context;
  const release = command.release === 'yes';
  async function previewOne(target: BulkTarget): Promise<Verdict> {
    const result = await previewDecision(supabase, termsOf(command, target));
    if (!result.ok) return { kind: 'refuse', reasons: [refusalOf(result.error).message] };
    if (result.row.length > 0) return { kind: 'refuse', reasons: result.row };
    return { kind: 'apply', plan: decidePlan({ outcome: command.outcome, approves, release, ...target }) };
  }
  return {
    title: `${decisionLabel(command.outcome)} for the selected applications`,
    summary: summaryOf(command, context.reasons),
    confirmLabel: (count) =>
      `${approves ? 'Make' : 'Recommend'} ${count === 1 ? '1 decision' : `${count} decisions`}`,
    async preview(targets) {
      const verdicts: Verdict[] = [];
      for (const target of targets) verdicts.push(await previewOne(target));
      return withPlaceLimits(context, command, targets, verdicts);
    },
    async apply(target, stamp) {
      const input = {
        ...termsOf(command, target),
        version: stamp.version,
        reasonDetail: command.reason_detail,
        release,
        conditionsDeadline: command.outcome === 'offer_conditional' ? command.conditions_deadline : '',
        replyBy: isOfferOutcome(command.outcome) ? command.offer_reply_by : '',
      };
      const result = await decide(supabase, input);
      if (!result.ok) return refusalOf(result.error);
      const message = decisionDoneMessage('Decided', command.outcome, result.row.state, target.intake);
      return { kind: 'done', message };
    },
  };
}
