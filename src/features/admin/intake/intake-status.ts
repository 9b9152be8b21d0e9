import type { StatusTone } from '../../../lib/application-status.ts';

/** An intake's life as set_intake_status allows it: draft → open ⇄ closed → decisions_published → archived. */
export const INTAKE_STATUSES = ['draft', 'open', 'closed', 'decisions_published', 'archived'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

export const INTAKE_STATUS_LABELS: Record<IntakeStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
  decisions_published: 'Decisions published',
  archived: 'Archived',
};

/** Badge tones, shared with application statuses: an open intake is good news, a closed one wants attention. */
const INTAKE_STATUS_TONES: Record<IntakeStatus, StatusTone> = {
  draft: 'neutral',
  open: 'good',
  closed: 'attention',
  decisions_published: 'progress',
  archived: 'ended',
};

export function isIntakeStatus(value: unknown): value is IntakeStatus {
  return INTAKE_STATUSES.includes(value as IntakeStatus);
}

export function intakeStatusLabel(status: string): string {
  return isIntakeStatus(status) ? INTAKE_STATUS_LABELS[status] : status.replace(/_/g, ' ');
}

export function intakeStatusTone(status: string): StatusTone {
  return isIntakeStatus(status) ? INTAKE_STATUS_TONES[status] : 'ended';
}

/** One step an administrator can take from a status; the ones hard to undo ask for confirmation first. */
export interface IntakeMove {
  to: IntakeStatus;
  /** The button's visible text. */
  label: string;
  confirm: boolean;
  /** The confirmation page's heading and button, and what the step does. */
  question: string;
  confirmLabel: string;
  consequence: string;
}

const OPEN: IntakeMove = {
  to: 'open',
  label: 'Open',
  confirm: false,
  question: 'Open this intake?',
  confirmLabel: 'Yes, open it',
  consequence: 'Applicants can start and submit applications for it until its deadline.',
};
const ARCHIVE: IntakeMove = {
  to: 'archived',
  label: 'Archive',
  confirm: true,
  question: 'Archive this intake?',
  confirmLabel: 'Yes, archive it',
  consequence: 'It leaves the working list for good: an archived intake cannot be opened again.',
};

const MOVES: Record<IntakeStatus, readonly IntakeMove[]> = {
  draft: [OPEN, ARCHIVE],
  open: [
    {
      to: 'closed',
      label: 'Close',
      confirm: true,
      question: 'Close this intake to applications?',
      confirmLabel: 'Yes, close the intake',
      consequence:
        'Applicants can no longer submit applications for it, even before its deadline. Submitted applications stay in review, and you can reopen it until decisions are published.',
    },
  ],
  closed: [
    { ...OPEN, label: 'Reopen', question: 'Reopen this intake?', confirmLabel: 'Yes, reopen it' },
    {
      to: 'decisions_published',
      label: 'Publish decisions',
      confirm: true,
      question: 'Publish the decisions of this intake?',
      confirmLabel: 'Yes, publish decisions',
      consequence:
        'Every approved decision on this intake goes out at the same moment, each with its letter, and the intake can then only be archived, never reopened. This is refused while any application on it still awaits a decision or a recommendation awaits approval.',
    },
  ],
  decisions_published: [ARCHIVE],
  archived: [],
};

/** What an administrator may do with an intake in this status (none for an unknown status). */
export function movesFrom(status: string): readonly IntakeMove[] {
  return isIntakeStatus(status) ? MOVES[status] : [];
}

export function moveBetween(from: string, to: string): IntakeMove | undefined {
  return movesFrom(from).find((move) => move.to === to);
}

const DONE: Record<IntakeStatus, string> = {
  draft: 'is a draft',
  open: 'is open for applications',
  closed: 'is closed',
  decisions_published: 'has its decisions published',
  archived: 'is archived',
};

/** The confirmation after a move, e.g. "September 2027 · MSc Data Science is closed." */
export function movedMessage(intakeName: string, to: IntakeStatus): string {
  return `${intakeName} ${DONE[to]}.`;
}
