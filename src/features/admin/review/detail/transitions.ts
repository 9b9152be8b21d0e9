import type { ApplicationStatus } from '../../../../lib/application-status.ts';

/**
 * The process moves admissions staff make directly, mirrored from application_transition_allowed()
 * so the status form offers only those. Offers, the waiting list and negative outcomes are decisions
 * (features/admissions/outcomes/decision-outcomes.ts). The database stays the authority: it refuses
 * anything else whatever is posted.
 */
const STAFF_MOVES: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ['under_review'],
  under_review: ['action_required'],
  action_required: ['under_review'],
  accepted: ['enrolled'],
};

/** Statuses the status form can move an application to. */
export const STAFF_TARGETS = [
  'under_review',
  'action_required',
  'enrolled',
] as const satisfies readonly ApplicationStatus[];
export type StaffTarget = (typeof STAFF_TARGETS)[number];

export function nextStaffStatuses(from: string): readonly ApplicationStatus[] {
  return STAFF_MOVES[from as ApplicationStatus] ?? [];
}

export function staffMayMove(from: string, to: string): boolean {
  return nextStaffStatuses(from).includes(to as ApplicationStatus);
}
