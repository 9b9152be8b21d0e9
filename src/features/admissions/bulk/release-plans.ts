import { statusLabel } from '../../../lib/application-status.ts';
import { decisionLabel, targetLabel } from '../outcomes/decision-outcomes.ts';
import { releasesOneByOne, type ReleaseIntake } from '../release/decision-release.ts';
import type { Verdict } from './bulk-types.ts';

/** What the release and approval plans need to know of a selected application. */
export interface ReleaseSubject {
  intake: ReleaseIntake & { term: string };
  decision: { outcome: string; state: string; from_status: string } | null;
}

export type ReleaseActionName = 'approve' | 'release' | 'approve_release';

const held = (term: string) => `held until the decisions on the ${term} intake are published`;
const sent = (fromStatus: string, outcome: string) =>
  `the application becomes ${targetLabel(fromStatus, outcome)} and the applicant gets the letter by e-mail`;

export const RELEASE_PERMISSION_MESSAGE = 'Only an administrator approves and releases decisions.';

/**
 * What approving or releasing will do to one application, or why it cannot: the same checks as
 * approve_decision and release_decision make, except the documents and places, which the database
 * checks again when it approves.
 */
export function releaseVerdict(
  action: ReleaseActionName,
  subject: ReleaseSubject,
  mayRelease: boolean,
): Verdict {
  if (!mayRelease) return { kind: 'refuse', reasons: [RELEASE_PERMISSION_MESSAGE] };
  const decision = subject.decision;
  if (!decision) return { kind: 'refuse', reasons: ['No decision is waiting on this application.'] };
  const label = `“${decisionLabel(decision.outcome)}”`;
  const oneByOne = releasesOneByOne(subject.intake);
  const approved = decision.state === 'approved';
  const { term } = subject.intake;
  if (action === 'approve') {
    if (approved) return { kind: 'skip', note: `${label} is already approved.` };
    return { kind: 'apply', plan: `Approve ${label}; it is ${oneByOne ? 'not released yet' : held(term)}.` };
  }
  if (!approved && action === 'release') {
    return { kind: 'refuse', reasons: [`${label} is not approved yet: approve it first.`] };
  }
  if (!oneByOne) {
    if (approved) {
      return action === 'release'
        ? { kind: 'refuse', reasons: [`${label} is ${held(term)}: they go out together.`] }
        : { kind: 'skip', note: `${label} is approved and ${held(term)}.` };
    }
    return { kind: 'apply', plan: `Approve ${label}; it stays ${held(term)}.` };
  }
  const verb = approved ? 'Release' : 'Approve and release';
  return { kind: 'apply', plan: `${verb} ${label}: ${sent(decision.from_status, decision.outcome)}.` };
}

/** Who the decision comes from and where it goes, for the decide preview. */
export interface DecidePlanInput {
  outcome: string;
  /** Whether the caller's decisions are approved at once (administrators, or everyone in mode none). */
  approves: boolean;
  release: boolean;
  status: string;
  intake: ReleaseIntake & { term: string };
}

export function decidePlan({ outcome, approves, release, status, intake }: DecidePlanInput): string {
  const label = `“${decisionLabel(outcome)}”`;
  if (!approves)
    return `Recommend ${label}: an administrator approves it before the applicant hears anything.`;
  if (!releasesOneByOne(intake)) return `Decide ${label}; it is ${held(intake.term)}.`;
  if (release) return `Decide ${label} and release it now: ${sent(status, outcome)}.`;
  return `Decide ${label}, not released: the applicant hears nothing until it is released.`;
}

/**
 * The result line of a decision just made (verb "Decided") or approved (verb "Approved"), from the
 * state it ended in.
 */
export function decisionDoneMessage(
  verb: 'Decided' | 'Approved',
  outcome: string,
  state: string,
  intake: ReleaseIntake & { term: string },
): string {
  const label = `“${decisionLabel(outcome)}”`;
  if (state === 'released') return `${verb} and released ${label}; the letter is on its way.`;
  if (state === 'recommended') return `Recommended ${label}; it awaits an administrator’s approval.`;
  return `${verb} ${label}; ${releasesOneByOne(intake) ? 'not released yet' : held(intake.term)}.`;
}

export function releasedMessage(status: string): string {
  return `Released: the application is now ${statusLabel(status)}; the letter is on its way.`;
}
