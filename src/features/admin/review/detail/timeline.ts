import { statusLabel } from '../../../../lib/application-status.ts';
import { decisionLabel } from '../../../admissions/outcomes/decision-outcomes.ts';
import type { Decision } from '../../../admissions/decide/decision-data.server.ts';
import type { StatusChange } from './detail-data.server.ts';
import { ACTOR_KINDS } from './review-labels.ts';

export interface TimelineLine {
  label: string;
  text: string;
}

/** One step in the staff timeline: a status change, or a step of a decision. */
export interface TimelineEntry {
  key: string;
  at: string;
  title: string;
  /** The status it came from, for status changes. */
  from: string | null;
  who: string;
  lines: TimelineLine[];
  /** A step of a decision the applicant has not been told about yet. */
  unreleased: boolean;
  /** The decision whose letter this step sent (its release), for the link to the PDF. */
  letterOf?: string;
}

/** Within one moment, steps read in the order they happen: decided, approved, released, the new status. */
const ORDER = { recommended: 0, approved: 1, released: 2, status: 3, cancelled: 4 } as const;
type Kind = keyof typeof ORDER;
type Sortable = TimelineEntry & { kind: Kind };

const line = (label: string, text: string | null | undefined): TimelineLine[] =>
  text ? [{ label, text }] : [];

function decisionSteps(decision: Decision, nameOf: (id: string | null) => string): Sortable[] {
  const label = decisionLabel(decision.outcome);
  const open = decision.state === 'recommended' || decision.state === 'approved';
  const decidedAtOnce =
    decision.approved_at !== null &&
    decision.approved_at === decision.recommended_at &&
    decision.approved_by === decision.recommended_by;
  const details = [
    ...line('Conditions', decision.conditions),
    ...line('Reason given to the applicant', decision.reason?.public_wording),
    ...line('Private detail (staff only)', decision.reason_detail),
    ...line('Override reason', decision.override_reason),
  ];
  const step = (kind: Kind, at: string, title: string, who: string, lines: TimelineLine[] = []) => ({
    kind,
    key: `${decision.id}-${kind}`,
    at,
    title,
    from: null,
    who,
    lines,
    unreleased: open && (kind === 'recommended' || kind === 'approved'),
  });
  const steps: Sortable[] = [
    decidedAtOnce
      ? step(
          'approved',
          decision.recommended_at,
          `Decided: ${label}`,
          nameOf(decision.recommended_by),
          details,
        )
      : step(
          'recommended',
          decision.recommended_at,
          `Recommended: ${label}`,
          nameOf(decision.recommended_by),
          details,
        ),
  ];
  if (decision.approved_at && !decidedAtOnce)
    steps.push(step('approved', decision.approved_at, `Approved: ${label}`, nameOf(decision.approved_by)));
  if (decision.released_at)
    steps.push({
      ...step(
        'released',
        decision.released_at,
        `Released to the applicant: ${label}`,
        nameOf(decision.released_by),
      ),
      letterOf: decision.id,
    });
  if (decision.cancelled_at)
    steps.push(
      step(
        'cancelled',
        decision.cancelled_at,
        `Cancelled: ${label}`,
        decision.cancelled_by ? nameOf(decision.cancelled_by) : 'Unipath (automatically)',
        line('Note', decision.cancel_note),
      ),
    );
  return steps;
}

function statusStep(entry: StatusChange, nameOf: (id: string | null) => string): Sortable {
  return {
    kind: 'status',
    key: `status-${entry.id}`,
    at: entry.created_at,
    title: statusLabel(entry.to_status),
    from: entry.from_status,
    who:
      entry.actor_kind === 'admissions' && entry.actor ? nameOf(entry.actor) : ACTOR_KINDS[entry.actor_kind],
    lines: line('Note', entry.note),
    unreleased: false,
  };
}

/** The status history and the decision steps in one timeline, oldest first. */
export function timelineOf(
  history: readonly StatusChange[],
  decisions: readonly Decision[],
  nameOf: (id: string | null) => string,
): TimelineEntry[] {
  const entries = [
    ...history.map((entry) => statusStep(entry, nameOf)),
    ...decisions.flatMap((decision) => decisionSteps(decision, nameOf)),
  ];
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || ORDER[a.kind] - ORDER[b.kind]);
  return entries.map(({ kind: _kind, ...entry }) => entry);
}
