import { releasesOneByOne, type ReleaseIntake } from '../release/decision-release.ts';
import { heldUntilPublished, quoted, releasePlan } from '../commands/decision-wording.ts';
import type { Verdict } from './bulk-types.ts';

/** What the release and approval plans need to know of a selected application. */
export interface ReleaseSubject {
  intake: ReleaseIntake & { term: string };
  decision: { outcome: string; state: string; from_status: string } | null;
}

export type ReleaseActionName = 'approve' | 'release' | 'approve_release';

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
  const label = quoted(decision.outcome);
  const oneByOne = releasesOneByOne(subject.intake);
  const approved = decision.state === 'approved';
  const held = heldUntilPublished(subject.intake.term);
  if (action === 'approve') {
    if (approved) return { kind: 'skip', note: `${label} is already approved.` };
    return { kind: 'apply', plan: `Approve ${label}; it is ${oneByOne ? 'not released yet' : held}.` };
  }
  if (!approved && action === 'release') {
    return { kind: 'refuse', reasons: [`${label} is not approved yet: approve it first.`] };
  }
  if (!oneByOne) {
    if (approved) {
      return action === 'release'
        ? { kind: 'refuse', reasons: [`${label} is ${held}: they go out together.`] }
        : { kind: 'skip', note: `${label} is approved and ${held}.` };
    }
    return { kind: 'apply', plan: `Approve ${label}; it stays ${held}.` };
  }
  const verb = approved ? 'Release' : 'Approve and release';
  return { kind: 'apply', plan: releasePlan(verb, decision.from_status, decision.outcome) };
}
