import type { NextActor } from '../../lib/application-status.ts';

export const ACTOR_LABELS: Record<NextActor, string> = {
  applicant: 'You',
  admissions: 'The admissions team',
  none: 'No one: this application is closed',
};

export function actorLabel(actor: string): string {
  return actor in ACTOR_LABELS ? ACTOR_LABELS[actor as NextActor] : actor;
}

const OFFERS: readonly string[] = ['offer_conditional', 'offer_unconditional'];

/** Whether the applicant may still answer an offer: an offer status and the reply-by day not passed. */
export function canRespondToOffer(status: string, replyBy: string | null, today: string): boolean {
  return OFFERS.includes(status) && (replyBy === null || today <= replyBy);
}

/** Statuses after which nothing more happens to an application. */
export const CLOSED_STATUSES: readonly string[] = [
  'enrolled',
  'withdrawn',
  'rejected',
  'declined',
  'expired',
  'offer_withdrawn',
];

/** The applicant may withdraw until enrolment and while the application is still open. */
export function canWithdraw(status: string): boolean {
  return status !== 'draft' && !CLOSED_STATUSES.includes(status);
}

/** The facts of an application that say how its offer or outcome stands. */
export interface OutcomeFacts {
  status: string;
  offer_conditions: string | null;
  conditions_met_at: string | null;
  outcome_reason: string | null;
}

/**
 * What the applicant reads about their offer or outcome. Conditions are shown while they are still
 * to be met and, once admissions confirmed them, as met; a closed application shows no conditions.
 * The reason is the public wording admissions chose for an unsuccessful application or a withdrawn
 * offer (the database keeps any private detail away from the applicant).
 */
export interface OutcomeSummary {
  conditions: { text: string; state: 'to_meet' | 'met' } | null;
  conditionsMetAt: string | null;
  reason: { label: string; text: string } | null;
  /** One sentence on what this means for the applicant, or null when the next step says it all. */
  headline: string | null;
}

const REASON_LABELS: Record<string, string> = {
  rejected: 'Why the application was unsuccessful',
  offer_withdrawn: 'Why the offer was withdrawn',
};

const MET_STATUSES: readonly string[] = ['offer_unconditional', 'accepted', 'enrolled'];

export function outcomeSummary(app: OutcomeFacts): OutcomeSummary {
  const conditions = app.offer_conditions?.trim() || null;
  const met = app.conditions_met_at !== null && MET_STATUSES.includes(app.status);
  const pending = app.status === 'offer_conditional' || app.status === 'conditions_pending';
  const reasonLabel = REASON_LABELS[app.status];
  const reasonText = app.outcome_reason?.trim() || null;
  return {
    conditions: conditions && (pending || met) ? { text: conditions, state: met ? 'met' : 'to_meet' } : null,
    conditionsMetAt: met ? app.conditions_met_at : null,
    reason: reasonLabel && reasonText ? { label: reasonLabel, text: reasonText } : null,
    headline: headlineFor(app.status, met),
  };
}

function headlineFor(status: string, met: boolean): string | null {
  if (status === 'conditions_pending') {
    return 'You accepted this conditional offer. Your place is confirmed once admissions records that you met its conditions.';
  }
  if (met && status === 'accepted') return 'You met the conditions of your offer: your place is confirmed.';
  if (met && status === 'offer_unconditional') {
    return 'You met the conditions of your offer, so it is now unconditional.';
  }
  return null;
}
