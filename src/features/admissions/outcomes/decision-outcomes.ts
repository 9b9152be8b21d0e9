import { statusLabel, type ApplicationStatus } from '../../../lib/application-status.ts';

/**
 * The outcomes of application_decisions, in the order staff choose them, mirrored from
 * decision_allowed(), decision_target() and decision_label() in the database.
 */
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

/** The outcomes that close an application against the applicant: each needs a reason and a confirmation. */
export const NEGATIVE_OUTCOMES = ['rejected', 'conditions_not_met', 'offer_withdrawn'] as const;
export type NegativeOutcome = (typeof NEGATIVE_OUTCOMES)[number];

const LABELS: Record<DecisionOutcome, string> = {
  offer_conditional: 'Conditional offer',
  offer_unconditional: 'Unconditional offer',
  waitlisted: 'Waitlist',
  rejected: 'Unsuccessful',
  conditions_met: 'Conditions met',
  conditions_not_met: 'Conditions not met',
  offer_withdrawn: 'Offer withdrawn',
};

/** What staff may decide on an application, by its status (decision_allowed() in the database). */
const OUTCOMES_FROM: Partial<Record<ApplicationStatus, readonly DecisionOutcome[]>> = {
  under_review: ['offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected'],
  waitlisted: ['offer_conditional', 'offer_unconditional', 'rejected'],
  offer_conditional: ['conditions_met', 'conditions_not_met', 'offer_withdrawn'],
  conditions_pending: ['conditions_met', 'conditions_not_met', 'offer_withdrawn'],
  offer_unconditional: ['offer_withdrawn'],
  accepted: ['offer_withdrawn'],
};

export function isDecisionOutcome(value: unknown): value is DecisionOutcome {
  return DECISION_OUTCOMES.includes(value as DecisionOutcome);
}

export function isNegativeOutcome(value: unknown): value is NegativeOutcome {
  return NEGATIVE_OUTCOMES.includes(value as NegativeOutcome);
}

export function isOfferOutcome(value: unknown): boolean {
  return value === 'offer_conditional' || value === 'offer_unconditional';
}

export function decisionLabel(outcome: string): string {
  return isDecisionOutcome(outcome) ? LABELS[outcome] : outcome.replace(/_/g, ' ');
}

export function outcomesFrom(status: string): readonly DecisionOutcome[] {
  return OUTCOMES_FROM[status as ApplicationStatus] ?? [];
}

export function decisionAllowed(status: string, outcome: string): boolean {
  return outcomesFrom(status).includes(outcome as DecisionOutcome);
}

/** The status a released decision gives the application (decision_target() in the database). */
export function decisionTarget(from: string, outcome: DecisionOutcome): ApplicationStatus {
  if (outcome === 'conditions_met') return from === 'conditions_pending' ? 'accepted' : 'offer_unconditional';
  if (outcome === 'conditions_not_met') return 'rejected';
  return outcome;
}

/** The label of the status an application takes when this decision is released. */
export function targetLabel(from: string, outcome: string): string {
  return statusLabel(isDecisionOutcome(outcome) ? decisionTarget(from, outcome) : outcome);
}
