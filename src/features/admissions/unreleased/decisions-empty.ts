import type { PendingState } from '../release/decision-release.ts';
import { hasDecisionFilters, type DecisionsParams } from './decisions-params.ts';

const BY_STATE: Record<PendingState, string> = {
  awaiting: 'No decisions await approval: every recommendation has been approved or taken back.',
  ready: 'No approved decisions are waiting to be released.',
  held: 'No decisions are held: nothing is waiting for an intake to publish its decisions.',
};

/**
 * What an empty decisions list means, in words: nothing unreleased at all, nothing in the state asked
 * for, or nothing under these filters (null: the list says so with a link to clear them).
 */
export function emptyDecisionsMessage(params: DecisionsParams): string | null {
  if (!hasDecisionFilters(params)) {
    return 'Every decision has been released: nothing awaits approval, and no applicant is waiting for a letter. Decisions made in the review queue or on an application appear here until they are released.';
  }
  if (params.state && !params.q && !params.intake && !params.outcome) return BY_STATE[params.state];
  return null;
}
