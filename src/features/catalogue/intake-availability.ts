import { formatDay } from '../../lib/format-day.ts';

/** What visitors need of an intake to be told whether they can apply to it. */
export interface IntakeState {
  status: string;
  opens_at: string | null;
  deadline: string;
  /** Every place is held by an offer or an acceptance (intake_fullness). */
  is_full: boolean;
}

export type AvailabilityKind = 'open' | 'full' | 'upcoming' | 'closed';

export interface Availability {
  kind: AvailabilityKind;
  /** The honest sentence for visitors, e.g. "Open — apply by 30 Jun 2027". */
  text: string;
}

/** Today in UTC as an ISO day, the calendar the deadlines are kept in. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a visitor can apply to an intake on `today`, said plainly: open until its deadline; full,
 * where applying still puts you on the waiting list; not open yet; or closed (by staff, or because
 * the deadline passed).
 */
export function intakeAvailability(intake: IntakeState, today: string): Availability {
  const opensLater = intake.opens_at !== null && intake.opens_at > today;
  if (intake.status === 'draft' || (intake.status === 'open' && opensLater)) {
    return {
      kind: 'upcoming',
      text: intake.opens_at ? `Opens on ${formatDay(intake.opens_at)}` : 'Not open yet',
    };
  }
  if (intake.status !== 'open' || intake.deadline < today) return { kind: 'closed', text: 'Closed' };
  const deadline = formatDay(intake.deadline);
  if (intake.is_full) {
    return {
      kind: 'full',
      text: `Full — you can still apply to join the waiting list (deadline ${deadline})`,
    };
  }
  return { kind: 'open', text: `Open — apply by ${deadline}` };
}

export function acceptsApplications(availability: Availability): boolean {
  return availability.kind === 'open' || availability.kind === 'full';
}

/** The intake with the soonest deadline that takes applications today, with its availability. */
export function nextOpenIntake<T extends IntakeState>(
  intakes: readonly T[],
  today: string,
): { intake: T; availability: Availability } | null {
  const open = intakes
    .map((intake) => ({ intake, availability: intakeAvailability(intake, today) }))
    .filter(({ availability }) => acceptsApplications(availability))
    .sort((a, b) => a.intake.deadline.localeCompare(b.intake.deadline));
  return open[0] ?? null;
}

/** intake_fullness embedded from intakes: PostgREST sends an object, null, or (to many) an array. */
export function isFull(embedded: unknown): boolean {
  const row = Array.isArray(embedded) ? (embedded[0] as unknown) : embedded;
  return typeof row === 'object' && row !== null && (row as { is_full?: unknown }).is_full === true;
}
