import { z } from 'zod';
import { RELEASE_MODES } from '../../admissions/release/release-modes.ts';
import {
  checkboxRule,
  isRealDay as isDay,
  optionalDay,
  optionalNumber,
  requiredDay,
  requiredText,
} from './field-rules.ts';

const MESSAGES = {
  opens: 'Applications must open on or before the deadline.',
  deadline: 'The deadline must be on or before the start date.',
  replyBy: 'The reply-by date must be on or after the deadline.',
  overOffer: 'Set the number of places first: an over-offer allowance goes beyond them.',
  references: 'The references needed cannot be more than the references taken.',
} as const;

/**
 * An intake's dates, places and decision release, mirroring public.intakes' checks: opens ≤
 * deadline ≤ start, reply-by ≥ deadline, places ≥ 1 (or none for no limit), over-offers ≥ 0, and
 * 1 to 5 reads per application (2 when left empty), 0 to 5 references needed, no more than taken. Its
 * status is not edited here: it moves through set_intake_status only.
 */
export const intakeFormSchema = z
  .object({
    term: requiredText('Term', 2, 60),
    start_date: requiredDay('Start date'),
    opens_at: optionalDay('Opening date'),
    deadline: requiredDay('Deadline'),
    reply_by: optionalDay('Reply-by date'),
    capacity: optionalNumber('Places', { min: 1, max: 100000, places: 0 }),
    over_offer: optionalNumber('Over-offer allowance', { min: 0, max: 100000, places: 0 }).transform(
      (value) => value ?? 0,
    ),
    release_mode: z.enum(RELEASE_MODES, { error: 'Choose how decisions are released.' }),
    reads_required: optionalNumber('Reads per application', { min: 1, max: 5, places: 0 }).transform(
      (value) => value ?? 2,
    ),
    references_min: optionalNumber('References needed', { min: 0, max: 5, places: 0 }).transform(
      (value) => value ?? 0,
    ),
    references_max: optionalNumber('References taken', { min: 0, max: 5, places: 0 }).transform(
      (value) => value ?? 0,
    ),
    submit_before_references: checkboxRule,
  })
  .superRefine((intake, ctx) => {
    const { opens_at: opens, deadline, start_date: start, reply_by: replyBy } = intake;
    if (isDay(opens) && isDay(deadline) && opens > deadline) {
      ctx.addIssue({ code: 'custom', path: ['opens_at'], message: MESSAGES.opens });
    }
    if (isDay(deadline) && isDay(start) && deadline > start) {
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: MESSAGES.deadline });
    }
    if (isDay(replyBy) && isDay(deadline) && replyBy < deadline) {
      ctx.addIssue({ code: 'custom', path: ['reply_by'], message: MESSAGES.replyBy });
    }
    if (intake.references_min > intake.references_max) {
      ctx.addIssue({ code: 'custom', path: ['references_min'], message: MESSAGES.references });
    }
    if (intake.capacity === null && intake.over_offer > 0) {
      ctx.addIssue({ code: 'custom', path: ['over_offer'], message: MESSAGES.overOffer });
    }
  });
export type IntakeFormInput = z.infer<typeof intakeFormSchema>;
