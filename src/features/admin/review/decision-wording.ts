import { statusLabel } from '../../../lib/application-status.ts';
import {
  decisionTarget,
  type DecisionOutcome,
  type NegativeOutcome,
} from '../../admissions/outcomes/decision-outcomes.ts';

export interface LetterFacts {
  reference: string;
  /** The applicant's name as they gave it, or "there". */
  greeting: string;
  /** "Course at University, starting Term", as the letter names it. */
  course: string;
  /** The public wording of the reason chosen. */
  reason: string;
  /** The site's address, and the applicant's page of this application, as the letter links them. */
  siteUrl: string;
  applicationUrl: string;
}

/**
 * The letter a released negative decision e-mails, word for word as the database's decision_*
 * message templates write it (a unit test holds the two together), so staff confirm what the
 * applicant reads.
 */
export function negativeLetter(
  outcome: NegativeOutcome,
  facts: LetterFacts,
): { subject: string; body: string } {
  const { reference, course, reason, siteUrl, applicationUrl } = facts;
  const letters: Record<NegativeOutcome, { subject: string; body: string }> = {
    rejected: {
      subject: `The outcome of your application ${reference}`,
      body: `Thank you for applying for ${course}. We are sorry to tell you that we cannot offer you a place.\n\nThe reason: ${reason}\n\nYou can apply for another course on Unipath at any time: ${siteUrl}`,
    },
    conditions_not_met: {
      subject: `The outcome of your conditional offer ${reference}`,
      body: `We are sorry to tell you that the conditions of your offer for ${course}, were not met, so we cannot confirm your place.\n\nThe reason: ${reason}\n\nYour application: ${applicationUrl}`,
    },
    offer_withdrawn: {
      subject: `Your offer has been withdrawn: ${reference}`,
      body: `We are sorry to tell you that we have withdrawn our offer of a place on ${course}.\n\nThe reason: ${reason}\n\nIf you have questions, reply through your Unipath application page:\n${applicationUrl}`,
    },
  };
  const letter = letters[outcome];
  return {
    subject: letter.subject,
    body: `Hello ${facts.greeting},\n\n${letter.body}\n\nReference: ${reference}\n\nUnipath Admissions`,
  };
}

/** Who may release the decision and whether it can go out now. */
export interface ReleasePlan {
  /** The member of staff approves and releases (an administrator, or anyone without approval). */
  mayRelease: boolean;
  /** The intake lets decisions go out one by one (rolling, or batch already published). */
  oneByOne: boolean;
  /** They asked to release it to the applicant now. */
  releaseNow: boolean;
}

/** What confirming a decision does, in the order it happens, for the confirmation step. */
export function whatHappens(from: string, outcome: DecisionOutcome, plan: ReleasePlan): string[] {
  const target = statusLabel(decisionTarget(from, outcome));
  const points: string[] = [];
  if (!plan.mayRelease) {
    points.push(
      'Your recommendation goes to an administrator for approval. The applicant hears nothing until it is approved and released.',
    );
  } else if (!plan.oneByOne) {
    points.push(
      `It is held until this intake’s decisions are published. Then the application becomes ${target} and the letter is e-mailed to the applicant.`,
    );
  } else if (plan.releaseNow) {
    points.push(
      `It is released as soon as you confirm: the application becomes ${target} and the letter is e-mailed to the applicant.`,
    );
  } else {
    points.push(
      `It is saved as decided but not released: the applicant hears nothing until it is released. Then the application becomes ${target} and the letter is e-mailed.`,
    );
  }
  if (outcome === 'offer_withdrawn' || outcome === 'conditions_not_met')
    points.push(
      'The applicant loses their place on the course, and the place is freed for the waiting list.',
    );
  if (from === 'waitlisted') points.push('The applicant leaves the waiting list.');
  points.push('Once released it cannot be undone.');
  points.push('The private detail stays with the admissions team: the letter never includes it.');
  return points;
}
