import type { DecisionOutcome } from '../outcomes/decision-outcomes.ts';

/**
 * Parts of the decision form that belong to some outcomes only (conditions, reasons, the override)
 * show once one of those outcomes is chosen: CSS `:has()` on the form, no script. Browsers without
 * `:has()` show every part, so nothing is ever out of reach. Written out in full for Tailwind to see.
 */
const SHOWN_WHEN: Record<DecisionOutcome, string> = {
  offer_conditional: 'group-has-[#decide-outcome-offer-conditional:checked]/decision:flex',
  offer_unconditional: 'group-has-[#decide-outcome-offer-unconditional:checked]/decision:flex',
  waitlisted: 'group-has-[#decide-outcome-waitlisted:checked]/decision:flex',
  rejected: 'group-has-[#decide-outcome-rejected:checked]/decision:flex',
  conditions_met: 'group-has-[#decide-outcome-conditions-met:checked]/decision:flex',
  conditions_not_met: 'group-has-[#decide-outcome-conditions-not-met:checked]/decision:flex',
  offer_withdrawn: 'group-has-[#decide-outcome-offer-withdrawn:checked]/decision:flex',
};

/** The form element's class: the group the parts look at. */
export const DECISION_FORM_GROUP = 'group/decision';

/** Classes of a part shown only for `outcomes` (a flex column once shown). */
export function shownFor(outcomes: readonly DecisionOutcome[]): string {
  return [
    'flex flex-col gap-3 supports-[selector(:has(*))]:hidden',
    ...outcomes.map((o) => SHOWN_WHEN[o]),
  ].join(' ');
}

export const outcomeInputId = (outcome: DecisionOutcome): string =>
  `decide-outcome-${outcome.replace(/_/g, '-')}`;
