/** Every status an application can have (see the applications migration), with its label and tone. */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'action_required',
  'offer_conditional',
  'offer_unconditional',
  'waitlisted',
  'rejected',
  'conditions_pending',
  'accepted',
  'declined',
  'enrolled',
  'withdrawn',
  'expired',
  'offer_withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type StatusTone = 'neutral' | 'progress' | 'attention' | 'good' | 'ended';

interface StatusPresentation {
  label: string;
  tone: StatusTone;
}

const PRESENTATION: Record<ApplicationStatus, StatusPresentation> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'Submitted', tone: 'progress' },
  under_review: { label: 'Under review', tone: 'progress' },
  action_required: { label: 'Action required', tone: 'attention' },
  offer_conditional: { label: 'Conditional offer', tone: 'good' },
  offer_unconditional: { label: 'Unconditional offer', tone: 'good' },
  waitlisted: { label: 'Waitlisted', tone: 'progress' },
  rejected: { label: 'Unsuccessful', tone: 'ended' },
  conditions_pending: { label: 'Accepted, conditions pending', tone: 'good' },
  accepted: { label: 'Offer accepted', tone: 'good' },
  declined: { label: 'Offer declined', tone: 'ended' },
  enrolled: { label: 'Enrolled', tone: 'good' },
  withdrawn: { label: 'Withdrawn', tone: 'ended' },
  expired: { label: 'Offer expired', tone: 'ended' },
  offer_withdrawn: { label: 'Offer withdrawn', tone: 'ended' },
};

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return APPLICATION_STATUSES.includes(value as ApplicationStatus);
}

export function statusLabel(status: string): string {
  return isApplicationStatus(status) ? PRESENTATION[status].label : status.replace(/_/g, ' ');
}

export function statusTone(status: string): StatusTone {
  return isApplicationStatus(status) ? PRESENTATION[status].tone : 'neutral';
}

export const TONE_CLASSES: Record<StatusTone, string> = {
  neutral: 'bg-ink-100 text-ink-800 ring-ink-300',
  progress: 'bg-brand-50 text-brand-900 ring-brand-200',
  attention: 'bg-accent-100 text-ink-950 ring-accent-400',
  good: 'bg-green-50 text-green-900 ring-green-300',
  ended: 'bg-white text-ink-700 ring-ink-300',
};

export type NextActor = 'applicant' | 'admissions' | 'none';
