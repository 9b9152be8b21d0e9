import type { NegativeOutcome } from '../outcomes/decision-outcomes.ts';

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
