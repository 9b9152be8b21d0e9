import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A released decision's letter as the database gives it (public.letter_of_decision). */
export const decisionLetterSchema = z.object({
  decision_id: z.string(),
  application_id: z.string(),
  // The database names the outcome; a letter for one this code does not know says the decision only.
  outcome: z.string(),
  decision: z.string(),
  issued_on: isoDay,
  reference: z.string(),
  applicant_name: z.string(),
  address: z.string().optional(),
  country: z.string().optional(),
  course: z.string(),
  university: z.string(),
  university_place: z.string().optional(),
  term: z.string(),
  starts_on: isoDay.optional(),
  reply_by: isoDay.optional(),
  reason: z.string().optional(),
  conditions: z.array(z.object({ text: z.string(), deadline: isoDay })).optional(),
  signatory: z.string(),
  signatory_title: z.string().optional(),
  application_url: z.string().optional(),
});
export type DecisionLetter = z.infer<typeof decisionLetterSchema>;

/** The letter in a value read from the database, or null when there is none or it is not one. */
export function parseDecisionLetter(value: unknown): DecisionLetter | null {
  const parsed = decisionLetterSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 September 2031" for an ISO day. */
export function letterDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

/** The words of the letter between "Dear …," and the signature, one string per paragraph. */
export function letterParagraphs(letter: DecisionLetter): string[] {
  const place = `${letter.course} at ${letter.university}`;
  const start = letter.starts_on ? `${letter.term}, starting ${letterDay(letter.starts_on)}` : letter.term;
  const reply = letter.reply_by
    ? `Please accept or decline this offer on your Unipath applications page by ${letterDay(letter.reply_by)}.`
    : null;
  const reason = letter.reason ? `The reason: ${letter.reason}` : null;
  const lines: (string | null)[] = (() => {
    switch (letter.outcome) {
      case 'offer_unconditional':
        return [`We are pleased to offer you an unconditional place on ${place} for ${start}.`, reply];
      case 'offer_conditional':
        return [
          `We are pleased to offer you a place on ${place} for ${start}, on the conditions below. Upload your evidence for each condition on your application page by its deadline.`,
          reply,
        ];
      case 'waitlisted':
        return [
          `Your application for ${place} (${letter.term}) is on the waiting list. We will write to you again as soon as a place can be offered.`,
        ];
      case 'rejected':
        return [
          `We are sorry to tell you that we cannot offer you a place on ${place} for ${letter.term}.`,
          reason,
        ];
      case 'conditions_met':
        return [
          `You have met the conditions of your offer of a place on ${place} for ${start}: your offer is now unconditional.`,
          reply ?? 'Your place is confirmed. Admissions will send your enrolment instructions.',
        ];
      case 'conditions_not_met':
        return [
          `The conditions of your offer of a place on ${place} for ${letter.term} were not met, so we cannot confirm your place.`,
          reason,
        ];
      case 'offer_withdrawn':
        return [`Your offer of a place on ${place} for ${letter.term} has been withdrawn.`, reason];
      default:
        return [`${letter.decision}: ${place} for ${letter.term}.`, reason];
    }
  })();
  return lines.filter((line): line is string => line !== null);
}

/** "1. A-level Mathematics at grade A (by 1 September 2031)", one per condition. */
export function letterConditions(letter: DecisionLetter): string[] {
  return (letter.conditions ?? []).map(
    (condition, index) => `${index + 1}. ${condition.text} (by ${letterDay(condition.deadline)})`,
  );
}

/** The PDF's file name: decision-letter-<reference>-<issued on>.pdf, safe in a header. */
export function letterFileName(letter: DecisionLetter): string {
  const reference = letter.reference.replace(/[^A-Za-z0-9-]/g, '') || 'unipath';
  return `decision-letter-${reference}-${letter.issued_on}.pdf`;
}
