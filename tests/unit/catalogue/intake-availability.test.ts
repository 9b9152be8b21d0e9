import { describe, expect, it } from 'vitest';
import {
  intakeAvailability,
  isFull,
  nextOpenIntake,
  todayUtc,
  type IntakeState,
} from '../../../src/features/catalogue/intake-availability.ts';

const TODAY = '2027-03-10';
const intake = (overrides: Partial<IntakeState> = {}): IntakeState => ({
  status: 'open',
  opens_at: '2027-01-01',
  deadline: '2027-06-30',
  is_full: false,
  ...overrides,
});

describe('what visitors are told about an intake', () => {
  it('is open with its deadline until the end of the deadline day', () => {
    expect(intakeAvailability(intake(), TODAY)).toEqual({
      kind: 'open',
      text: 'Open — apply by 30 Jun 2027',
    });
    expect(intakeAvailability(intake({ deadline: TODAY }), TODAY).kind).toBe('open');
  });

  it('is full with a waiting list when every place is held, and applying is still possible', () => {
    expect(intakeAvailability(intake({ is_full: true }), TODAY)).toEqual({
      kind: 'full',
      text: 'Full — you can still apply to join the waiting list (deadline 30 Jun 2027)',
    });
  });

  it('is closed once the deadline has passed, even while staff keep it open', () => {
    expect(intakeAvailability(intake({ deadline: '2027-03-09' }), TODAY)).toEqual({
      kind: 'closed',
      text: 'Closed',
    });
    expect(intakeAvailability(intake({ deadline: '2027-03-09', is_full: true }), TODAY).kind).toBe('closed');
  });

  it('is closed when staff closed it or published its decisions', () => {
    for (const status of ['closed', 'decisions_published', 'archived']) {
      expect(intakeAvailability(intake({ status }), TODAY)).toEqual({ kind: 'closed', text: 'Closed' });
    }
  });

  it('opens on its opening day', () => {
    expect(intakeAvailability(intake({ opens_at: '2027-04-01' }), TODAY)).toEqual({
      kind: 'upcoming',
      text: 'Opens on 1 Apr 2027',
    });
    expect(intakeAvailability(intake({ opens_at: TODAY }), TODAY).kind).toBe('open');
    expect(intakeAvailability(intake({ status: 'draft', opens_at: null }), TODAY)).toEqual({
      kind: 'upcoming',
      text: 'Not open yet',
    });
  });

  it('finds the soonest deadline still taking applications, full or not', () => {
    const intakes = [
      intake({ deadline: '2027-03-01' }),
      intake({ deadline: '2027-09-01' }),
      intake({ deadline: '2027-05-01', is_full: true }),
      intake({ deadline: '2027-04-01', status: 'closed' }),
    ];
    expect(nextOpenIntake(intakes, TODAY)?.intake.deadline).toBe('2027-05-01');
    expect(nextOpenIntake(intakes, TODAY)?.availability.kind).toBe('full');
    expect(nextOpenIntake([intake({ status: 'closed' })], TODAY)).toBeNull();
  });

  it('reads fullness however it is embedded', () => {
    expect(isFull({ is_full: true })).toBe(true);
    expect(isFull([{ is_full: true }])).toBe(true);
    expect(isFull({ is_full: false })).toBe(false);
    expect(isFull(null)).toBe(false);
    expect(isFull([])).toBe(false);
  });

  it('counts days in UTC', () => {
    expect(todayUtc(new Date('2027-03-10T23:30:00-05:00'))).toBe('2027-03-11');
  });
});
