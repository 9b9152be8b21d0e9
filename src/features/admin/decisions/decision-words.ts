import { statusLabel } from '../../../lib/application-status.ts';

/** The outcomes a decision can have, in the order staff choose them (decision_label() in SQL). */
export const DECISION_OUTCOMES = [
  'offer_conditional',
  'offer_unconditional',
  'waitlisted',
  'rejected',
  'conditions_met',
  'conditions_not_met',
  'offer_withdrawn',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  offer_conditional: 'Conditional offer',
  offer_unconditional: 'Unconditional offer',
  waitlisted: 'Waitlist',
  rejected: 'Unsuccessful',
  conditions_met: 'Conditions met',
  conditions_not_met: 'Conditions not met',
  offer_withdrawn: 'Offer withdrawn',
};

/** Outcomes that close an application against the applicant: a reason and a confirmation go with them. */
export const NEGATIVE_OUTCOMES: readonly DecisionOutcome[] = [
  'rejected',
  'conditions_not_met',
  'offer_withdrawn',
];

export function isDecisionOutcome(value: unknown): value is DecisionOutcome {
  return DECISION_OUTCOMES.includes(value as DecisionOutcome);
}

export function outcomeLabel(outcome: string): string {
  return isDecisionOutcome(outcome) ? OUTCOME_LABELS[outcome] : outcome.replace(/_/g, ' ');
}

export function isNegative(outcome: string): boolean {
  return NEGATIVE_OUTCOMES.includes(outcome as DecisionOutcome);
}

/** The status a released decision gives an application (decision_target() in SQL). */
export function decisionTarget(fromStatus: string, outcome: string): string {
  if (outcome === 'conditions_met')
    return fromStatus === 'conditions_pending' ? 'accepted' : 'offer_unconditional';
  if (outcome === 'conditions_not_met') return 'rejected';
  return outcome;
}

/** An intake as far as releasing decisions goes. */
export interface ReleaseIntake {
  status: string;
  release_mode: string;
}

/** Whether a decision on this intake may go out on its own now (releases_one_by_one() in SQL). */
export function releasesOneByOne(intake: ReleaseIntake): boolean {
  return intake.release_mode === 'rolling' || ['decisions_published', 'archived'].includes(intake.status);
}

/** Where an unreleased decision stands: awaiting approval, ready to release, or held for publishing. */
export type PendingState = 'awaiting' | 'ready' | 'held';
export const PENDING_STATES: readonly PendingState[] = ['awaiting', 'ready', 'held'];

export const PENDING_LABELS: Record<PendingState, string> = {
  awaiting: 'Awaiting approval',
  ready: 'Approved, not released',
  held: 'Held until decisions are published',
};

export function pendingState(state: string, intake: ReleaseIntake): PendingState {
  if (state === 'recommended') return 'awaiting';
  return releasesOneByOne(intake) ? 'ready' : 'held';
}

/** The label of the status an application takes when this decision is released. */
export function targetLabel(fromStatus: string, outcome: string): string {
  return statusLabel(decisionTarget(fromStatus, outcome));
}
