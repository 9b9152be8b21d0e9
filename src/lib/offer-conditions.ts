/**
 * One condition of a conditional offer (public.offer_conditions), as the applicant and staff read
 * it, with the evidence uploaded against it. The checklist exists once the offer is released.
 */
export interface OfferCondition {
  id: string;
  position: number;
  description: string;
  deadline: string;
  status: OfferConditionStatus;
  /** Why it is not met, in the words the applicant reads. */
  note: string | null;
  marked_by: string | null;
  marked_at: string | null;
}

export const OFFER_CONDITION_STATUSES = ['pending', 'met', 'not_met'] as const;
export type OfferConditionStatus = (typeof OFFER_CONDITION_STATUSES)[number];

/** The columns both readers select, embedded under an application. */
export const OFFER_CONDITION_COLUMNS =
  'id, position, description, deadline, status, note, marked_by, marked_at' as const;

/** Rows as selected, status narrowed (the table's check allows nothing else), in their order. */
export function offerConditionsFrom(rows: readonly (Omit<OfferCondition, 'status'> & { status: string })[]) {
  return rows
    .filter((row): row is OfferCondition =>
      (OFFER_CONDITION_STATUSES as readonly string[]).includes(row.status),
    )
    .sort((a, b) => a.position - b.position);
}

/** What a condition's state means to the applicant, given whether evidence for it has come. */
export function conditionStateText(condition: OfferCondition, hasEvidence: boolean): string {
  if (condition.status === 'met') return 'Met';
  if (condition.status === 'not_met') return `Not met${condition.note ? `: ${condition.note}` : ''}`;
  return hasEvidence ? 'Evidence received, being checked' : 'Waiting for your evidence';
}
