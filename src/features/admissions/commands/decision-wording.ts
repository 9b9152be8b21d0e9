import { statusLabel } from '../../../lib/application-status.ts';
import { releasesOneByOne, type ReleaseIntake } from '../release/decision-release.ts';
import {
  decisionLabel,
  decisionTarget,
  targetLabel,
  type DecisionOutcome,
} from '../outcomes/decision-outcomes.ts';

/*
 * The sentences staff read about a decision: what confirming it will do, and what was done. The
 * review screen (one application, a toast) and the bulk screens (a line per application) both take
 * theirs from here, built from the same phrases, so a change of wording is made once for both.
 */

/** An intake as far as the wording names it. */
type TermIntake = ReleaseIntake & { term: string };

const NOT_TOLD = 'The applicant hears nothing until it is released.';
const TOLD = 'the applicant has been told.';
const LETTER_SENT = 'the letter is on its way.';

/** “Unsuccessful”: an outcome as a bulk sentence quotes it. */
export const quoted = (outcome: string): string => `“${decisionLabel(outcome)}”`;

export const heldUntilPublished = (term: string): string =>
  `held until the decisions on the ${term} intake are published`;

const sentOnRelease = (fromStatus: string, outcome: string) =>
  `the application becomes ${targetLabel(fromStatus, outcome)} and the applicant gets the letter by e-mail`;

/** Who may release the decision and whether it can go out now. */
export interface ReleasePlan {
  /** The member of staff approves and releases (an administrator, or anyone without approval). */
  mayRelease: boolean;
  /** The intake lets decisions go out one by one (rolling, or batch already published). */
  oneByOne: boolean;
  /** They asked to release it to the applicant now. */
  releaseNow: boolean;
}

/** What confirming a decision does, in the order it happens, for the confirmation step. */
export function whatHappens(from: string, outcome: DecisionOutcome, plan: ReleasePlan): string[] {
  const target = statusLabel(decisionTarget(from, outcome));
  const points: string[] = [];
  if (!plan.mayRelease) {
    points.push(
      'Your recommendation goes to an administrator for approval. The applicant hears nothing until it is approved and released.',
    );
  } else if (!plan.oneByOne) {
    points.push(
      `It is held until this intake’s decisions are published. Then the application becomes ${target} and the letter is e-mailed to the applicant.`,
    );
  } else if (plan.releaseNow) {
    points.push(
      `It is released as soon as you confirm: the application becomes ${target} and the letter is e-mailed to the applicant.`,
    );
  } else {
    points.push(
      `It is saved as decided but not released: the applicant hears nothing until it is released. Then the application becomes ${target} and the letter is e-mailed.`,
    );
  }
  if (outcome === 'offer_withdrawn' || outcome === 'conditions_not_met')
    points.push(
      'The applicant loses their place on the course, and the place is freed for the waiting list.',
    );
  if (from === 'waitlisted') points.push('The applicant leaves the waiting list.');
  points.push('Once released it cannot be undone.');
  points.push('The private detail stays with the admissions team: the letter never includes it.');
  return points;
}

/** Who the decision comes from and where it goes, for the bulk decide preview. */
export interface DecidePlanInput {
  outcome: string;
  /** Whether the caller's decisions are approved at once (administrators, or everyone in mode none). */
  approves: boolean;
  release: boolean;
  status: string;
  intake: TermIntake;
}

/** What deciding will do to one application, for the bulk decide preview. */
export function decidePlan({ outcome, approves, release, status, intake }: DecidePlanInput): string {
  const label = quoted(outcome);
  if (!approves)
    return `Recommend ${label}: an administrator approves it before the applicant hears anything.`;
  if (!releasesOneByOne(intake)) return `Decide ${label}; it is ${heldUntilPublished(intake.term)}.`;
  if (release) return `Decide ${label} and release it now: ${sentOnRelease(status, outcome)}.`;
  return `Decide ${label}, not released: the applicant hears nothing until it is released.`;
}

/** What approving and releasing will do, for the bulk release preview. */
export function releasePlan(
  verb: 'Release' | 'Approve and release',
  fromStatus: string,
  outcome: string,
): string {
  return `${verb} ${quoted(outcome)}: ${sentOnRelease(fromStatus, outcome)}.`;
}

/** The review screen's toast after a decision is made, by the state it ended in. */
export function decidedMessage(outcome: string, state: string): string {
  const label = decisionLabel(outcome);
  if (state === 'released') return `${label} released: ${TOLD}`;
  if (state === 'approved') return `${label} decided. ${NOT_TOLD}`;
  return `${label} recommended. An administrator must approve it before the applicant hears anything.`;
}

/** The review screen's toast after a recommendation is approved, released at once or not. */
export function approvedMessage(outcome: string, state: string): string {
  const label = decisionLabel(outcome);
  return state === 'released' ? `${label} approved and released: ${TOLD}` : `${label} approved. ${NOT_TOLD}`;
}

/** The review screen's toast after an approved decision is released, with the status it gave. */
export function releasedMessage(outcome: string, status: string): string {
  return `${decisionLabel(outcome)} released: the application is now ${statusLabel(status)} and ${LETTER_SENT}`;
}

export function cancelledMessage(outcome: string): string {
  return `${decisionLabel(outcome)} cancelled. Nothing was sent to the applicant.`;
}

/**
 * A bulk result line for a decision just made (verb "Decided") or approved (verb "Approved"), from
 * the state it ended in.
 */
export function decisionDoneMessage(
  verb: 'Decided' | 'Approved',
  outcome: string,
  state: string,
  intake: TermIntake,
): string {
  const label = quoted(outcome);
  if (state === 'released') return `${verb} and released ${label}; ${LETTER_SENT}`;
  if (state === 'recommended') return `Recommended ${label}; it awaits an administrator’s approval.`;
  return `${verb} ${label}; ${releasesOneByOne(intake) ? 'not released yet' : heldUntilPublished(intake.term)}.`;
}

/** A bulk result line for a decision just released. */
export function releasedRowMessage(status: string): string {
  return `Released: the application is now ${statusLabel(status)}; ${LETTER_SENT}`;
}
