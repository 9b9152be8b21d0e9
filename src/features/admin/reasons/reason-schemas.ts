import { z } from 'zod';

/** The outcomes that need a reason, in the order the page lists them, with their labels. */
export const REASON_OUTCOMES = ['rejected', 'offer_withdrawn', 'conditions_not_met'] as const;
export type ReasonOutcome = (typeof REASON_OUTCOMES)[number];

export function isReasonOutcome(value: string): value is ReasonOutcome {
  return REASON_OUTCOMES.some((outcome) => outcome === value);
}
export const REASON_OUTCOME_LABELS: Record<ReasonOutcome, string> = {
  rejected: 'Unsuccessful',
  offer_withdrawn: 'Offer withdrawn',
  conditions_not_met: 'Conditions not met',
};

/** The database's limits: public wording of 10 to 500 characters, an order from 0 to 10,000. */
export const WORDING = { min: 10, max: 500 } as const;
export const POSITION = { min: 0, max: 10_000, default: 100 } as const;

const wording = z
  .string('Write the wording the applicant reads.')
  .trim()
  .min(WORDING.min, `Write at least ${WORDING.min} characters: the applicant reads this as the reason.`)
  .max(WORDING.max, `Keep the wording to ${WORDING.max} characters at most.`);

const position = z.preprocess(
  (value) => (value === '' || value === undefined ? POSITION.default : value),
  z.coerce
    .number('Give the order as a whole number.')
    .int('Give the order as a whole number.')
    .min(POSITION.min, `Give an order from ${POSITION.min} to ${POSITION.max.toLocaleString('en-GB')}.`)
    .max(POSITION.max, `Give an order from ${POSITION.min} to ${POSITION.max.toLocaleString('en-GB')}.`),
);

const reasonId = z.uuid('This reason is not recognised. Reload the page and try again.');
const version = z.coerce
  .number('This form does not say which version of the reason it is based on. Reload the page.')
  .int()
  .positive('This form does not say which version of the reason it is based on. Reload the page.');

export const reasonCreateSchema = z.object({
  outcome: z.enum(REASON_OUTCOMES, 'Choose the outcome this reason is for.'),
  public_wording: wording,
  position,
});
export type ReasonCreateInput = z.infer<typeof reasonCreateSchema>;

export const reasonEditSchema = z.object({
  reason_id: reasonId,
  version,
  public_wording: wording,
  position,
});
export type ReasonEditInput = z.infer<typeof reasonEditSchema>;

/** Retiring (active = false) or reactivating a reason. */
export const reasonActiveSchema = z.object({
  reason_id: reasonId,
  version,
  active: z.enum(['true', 'false']).transform((value) => value === 'true'),
});

export const reasonDeleteSchema = z.object({ reason_id: reasonId });
