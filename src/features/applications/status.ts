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

const FINAL: readonly string[] = ['enrolled', 'withdrawn', 'rejected', 'declined', 'expired'];

/** The applicant may withdraw until enrolment and while the application is still open. */
export function canWithdraw(status: string): boolean {
  return status !== 'draft' && !FINAL.includes(status);
}
