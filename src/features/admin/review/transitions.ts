import type { ApplicationStatus } from '../../../lib/application-status.ts';

/**
 * The moves admissions staff may make, mirrored from application_transition_allowed() so the form
 * offers only those. The database stays the authority: it refuses anything else whatever is posted.
 */
const STAFF_MOVES: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ['under_review'],
  under_review: ['action_required', 'offer_conditional', 'offer_unconditional', 'waitlisted', 'rejected'],
  action_required: ['under_review'],
  waitlisted: ['offer_conditional', 'offer_unconditional', 'rejected'],
  offer_conditional: ['offer_unconditional'],
  accepted: ['enrolled'],
};

/** Statuses staff can move an application to; every other status is reached by the applicant or the system. */
export const STAFF_TARGETS = [
  'under_review',
  'action_required',
  'offer_conditional',
  'offer_unconditional',
  'waitlisted',
  'rejected',
  'enrolled',
] as const satisfies readonly ApplicationStatus[];
export type StaffTarget = (typeof STAFF_TARGETS)[number];

export function nextStaffStatuses(from: string): readonly ApplicationStatus[] {
  return STAFF_MOVES[from as ApplicationStatus] ?? [];
}

export function staffMayMove(from: string, to: string): boolean {
  return nextStaffStatuses(from).includes(to as ApplicationStatus);
}
