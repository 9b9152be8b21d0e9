import { statusLabel } from '../../../lib/application-status.ts';

/** A waitlisted application, in the order offers should follow. */
export interface WaitlistEntry {
  id: string;
  reference: string;
  name: string;
  /** The application's version, sent back with a move so a stale list cannot reorder it. */
  version: number;
  /** 1 for the next in line. */
  position: number;
  /** False for an application waitlisted before ranks existed: it cannot be moved. */
  ranked: boolean;
  /** The outcome of a decision made on it and not released yet, if any. */
  openDecision: string | null;
}

/** A place freed on the intake that nobody has offered again or dismissed yet. */
export interface PlaceAlert {
  id: string;
  /** The application that gave the place up. */
  applicationId: string;
  reference: string;
  name: string;
  fromStatus: string;
  toStatus: string;
  createdAt: string;
}

const HOW_FREED: Readonly<Record<string, string>> = {
  declined: 'declined the offer',
  withdrawn: 'withdrew the application',
  expired: 'did not reply by the reply-by date',
  offer_withdrawn: 'had the offer withdrawn',
  rejected: 'did not meet the conditions of the offer',
};

/** How the place was freed, e.g. "declined the offer (Conditional offer → Offer declined)". */
export function howFreed(alert: Pick<PlaceAlert, 'fromStatus' | 'toStatus'>): string {
  const move = `${statusLabel(alert.fromStatus)} → ${statusLabel(alert.toStatus)}`;
  const how = HOW_FREED[alert.toStatus];
  return how ? `${how} (${move})` : `moved on (${move})`;
}

const OFFERS = new Set(['offer_conditional', 'offer_unconditional']);

/** Whether an offer to this waitlisted application is decided and waits for approval or release. */
export function offerInHand(entry: WaitlistEntry): boolean {
  return entry.openDecision !== null && OFFERS.has(entry.openDecision);
}

/**
 * Who each open alert's place goes to, oldest alert first: the waiting list in order, leaving out
 * those with another decision in hand (they are leaving the list). An alert stays open until the
 * offer to its applicant is released, so its applicant may already have one decided: then the
 * place is being offered, and the next alert goes to the next in line.
 */
export function nextInLine(waitlist: readonly WaitlistEntry[], alerts: readonly PlaceAlert[]) {
  const candidates = waitlist.filter((entry) => entry.openDecision === null || offerInHand(entry));
  return alerts.map((alert, index) => ({ alert, next: candidates[index] ?? null }));
}

/** The confirmation after a move, e.g. "UP-2027-AB12CD is now number 2 of 5 on the waiting list." */
export function movedOnWaitlistMessage(reference: string, position: number, length: number): string {
  return `${reference} is now number ${position} of ${length} on the waiting list.`;
}
