/** The steps of the admission application, in order. The id is what `current_step` stores. */
export const STEPS = [
  { id: 'course', title: 'Course and intake' },
  { id: 'personal', title: 'Personal details' },
  { id: 'academic', title: 'Academic history' },
  { id: 'english', title: 'English test' },
  { id: 'statement', title: 'Personal statement' },
  { id: 'documents', title: 'Documents' },
  { id: 'review', title: 'Review and submit' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

export function isStepId(value: unknown): value is StepId {
  return STEPS.some((step) => step.id === value);
}

export function stepIndex(id: StepId): number {
  return STEPS.findIndex((step) => step.id === id);
}

export function stepTitle(id: StepId): string {
  return STEPS[stepIndex(id)]?.title ?? '';
}

/** The step a problem reported by the server belongs to, from its field path (`answers.personal.phone`). */
export function stepForField(field: string): StepId {
  const parts = field.replace(/^answers\./, '').split('.');
  const head = parts[0] ?? '';
  if (head === 'course_id' || head === 'intake_id' || head === 'intake' || head === 'course') return 'course';
  if (head === 'education') return 'academic';
  if (head === 'english_test') return 'english';
  if (head === 'documents' || head === 'document') return 'documents';
  return isStepId(head) ? head : 'review';
}
