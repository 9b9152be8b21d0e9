/** A request's state as the database keeps it. */
export type ReferenceStatus =
  'requested' | 'opened' | 'accepted' | 'declined' | 'received' | 'expired' | 'withdrawn' | 'replaced';

const OPEN: readonly string[] = ['requested', 'opened', 'accepted'];

/** Whether the request still waits for its referee (by its state and its last day). */
export function isWaiting(status: string, dueOn: string, today: string): boolean {
  return OPEN.includes(status) && dueOn >= today;
}

/** The state a person should read: one whose last day passed before the hourly sweep is expired. */
export function shownStatus(status: string, dueOn: string, today: string): ReferenceStatus {
  if (OPEN.includes(status) && dueOn < today) return 'expired';
  return status as ReferenceStatus;
}

export const REFERENCE_STATUS_LABELS: Record<ReferenceStatus, string> = {
  requested: 'Requested',
  opened: 'Opened',
  accepted: 'Agreed to write',
  declined: 'Declined',
  received: 'Received',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
};

/** A week after the request, or after the last reminder, the applicant may remind again. */
export function nextReminderAt(sentAt: string, remindedAt: string | null): Date {
  const last = Math.max(Date.parse(sentAt), remindedAt ? Date.parse(remindedAt) : 0);
  return new Date(last + 7 * 24 * 60 * 60 * 1000);
}

/** The structured letter's parts, in the order the form asks for them. */
export const LETTER_PARTS = [
  { key: 'relationship', label: 'How the referee knows the applicant, and for how long' },
  { key: 'general', label: 'General statement' },
  { key: 'circumstances', label: 'Circumstances worth knowing' },
  { key: 'suitability', label: 'What makes the applicant suited to this course' },
] as const;

/** The parts of a structured letter that were written, each with its label. */
export function letterParts(form: unknown): { label: string; text: string }[] {
  if (!form || typeof form !== 'object') return [];
  const values = form as Record<string, unknown>;
  return LETTER_PARTS.flatMap((part) => {
    const text = values[part.key];
    return typeof text === 'string' && text ? [{ label: part.label, text }] : [];
  });
}
