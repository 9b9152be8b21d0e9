import { describe, expect, it } from 'vitest';
import {
  INTAKE_STATUSES,
  intakeStatusLabel,
  moveBetween,
  movedMessage,
  movesFrom,
} from '../../../src/features/admin/intake/intake-status.ts';

/** The pairs set_intake_status accepts (see the admissions overview migration). */
const DATABASE_MOVES = [
  ['draft', 'open'],
  ['open', 'closed'],
  ['closed', 'open'],
  ['closed', 'decisions_published'],
  ['decisions_published', 'archived'],
  ['draft', 'archived'],
];

describe('intake moves', () => {
  it('offers exactly the moves the database allows, and nothing from an archived intake', () => {
    const offered = INTAKE_STATUSES.flatMap((from) => movesFrom(from).map((move) => [from, move.to]));
    expect(offered.sort()).toEqual([...DATABASE_MOVES].sort());
    expect(movesFrom('archived')).toEqual([]);
    expect(movesFrom('no-such-status')).toEqual([]);
  });

  it('asks for confirmation before closing, publishing decisions or archiving, not before opening', () => {
    expect(moveBetween('open', 'closed')?.confirm).toBe(true);
    expect(moveBetween('closed', 'decisions_published')?.confirm).toBe(true);
    expect(moveBetween('decisions_published', 'archived')?.confirm).toBe(true);
    expect(moveBetween('draft', 'open')?.confirm).toBe(false);
    expect(moveBetween('closed', 'open')?.label).toBe('Reopen');
  });

  it('warns on the publish confirmation that waiting applications block it', () => {
    expect(moveBetween('closed', 'decisions_published')?.consequence).toMatch(
      /refused while any application/,
    );
  });

  it('has no move between statuses the database refuses', () => {
    expect(moveBetween('open', 'decisions_published')).toBeUndefined();
    expect(moveBetween('archived', 'open')).toBeUndefined();
  });

  it('labels statuses for staff and says what happened after a move', () => {
    expect(intakeStatusLabel('decisions_published')).toBe('Decisions published');
    expect(intakeStatusLabel('odd_state')).toBe('odd state');
    expect(movedMessage('September 2027 · MSc Data Science', 'closed')).toBe(
      'September 2027 · MSc Data Science is closed.',
    );
  });
});
