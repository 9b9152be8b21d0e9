import type { StatusTone } from '../../../lib/application-status.ts';

/** The states of public.invoice_summaries, as the staff pages name them. */
export const INVOICE_STATES: Record<string, { label: string; tone: StatusTone }> = {
  due: { label: 'Due', tone: 'progress' },
  part_paid: { label: 'Part paid', tone: 'progress' },
  overdue: { label: 'Overdue', tone: 'attention' },
  paid: { label: 'Paid', tone: 'good' },
  waived: { label: 'Waived', tone: 'good' },
  refunded: { label: 'Refunded', tone: 'ended' },
};

/** The states that still wait for money. */
export const OUTSTANDING_STATES = ['due', 'part_paid', 'overdue'] as const;

export const INVOICE_KINDS: Record<string, string> = {
  application_fee: 'Application fee',
  deposit: 'Deposit',
};

export const LEDGER_KINDS: Record<string, string> = {
  payment: 'Payment',
  waiver: 'Waiver',
  refund: 'Refund',
};

/** Every method a ledger entry may carry; staff choose among PAYMENT_METHODS. */
export const METHOD_LABELS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
  test: 'Test provider',
  waiver: 'Waiver',
};

/** What import_statement answered for a row. */
export const IMPORT_OUTCOMES: Record<string, { label: string; tone: StatusTone }> = {
  recorded: { label: 'Recorded', tone: 'good' },
  already: { label: 'Already recorded', tone: 'neutral' },
  unmatched: { label: 'Could not match', tone: 'attention' },
};

export const WAIVER_STATUSES: Record<string, { label: string; tone: StatusTone }> = {
  requested: { label: 'Waiting', tone: 'attention' },
  granted: { label: 'Granted', tone: 'good' },
  refused: { label: 'Refused', tone: 'ended' },
};

/** A label from one of the tables above, or the stored value itself when it is new to the page. */
export function labelOf(labels: Record<string, string>, value: string | null): string {
  return value === null ? '' : (labels[value] ?? value);
}
