/** An intake as far as releasing its decisions goes. */
export interface ReleaseIntake {
  status: string;
  release_mode: string;
}

/** Whether a decision on this intake may go out on its own now (releases_one_by_one() in the database). */
export function releasesOneByOne(intake: ReleaseIntake): boolean {
  return (
    intake.release_mode === 'rolling' ||
    intake.status === 'decisions_published' ||
    intake.status === 'archived'
  );
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
