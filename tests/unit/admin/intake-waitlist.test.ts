import { describe, expect, it } from 'vitest';
import {
  howFreed,
  movedOnWaitlistMessage,
  nextInLine,
  offerInHand,
  type PlaceAlert,
  type WaitlistEntry,
} from '../../../src/features/admin/intake/waitlist.ts';
import { waitlistMoveSchema } from '../../../src/features/admin/intake/waitlist-schema.ts';

const entry = (position: number, openDecision: string | null = null): WaitlistEntry => ({
  id: `app-${position}`,
  reference: `UP-2031-00000${position}`,
  name: `Applicant ${position}`,
  version: 3,
  position,
  ranked: true,
  openDecision,
});
const alert = (id: string, toStatus = 'declined'): PlaceAlert => ({
  id,
  applicationId: `freed-${id}`,
  reference: 'UP-2031-FREED1',
  name: 'Freed Place',
  fromStatus: 'offer_conditional',
  toStatus,
  createdAt: '2026-11-25T10:00:00Z',
});

describe('the waiting list', () => {
  it('gives each freed place to the next in line, oldest alert first', () => {
    const list = [entry(1), entry(2), entry(3)];
    expect(nextInLine(list, [alert('a'), alert('b')]).map(({ next }) => next?.id)).toEqual([
      'app-1',
      'app-2',
    ]);
  });

  it('keeps a place with the applicant whose offer is decided but not released yet', () => {
    const list = [entry(1, 'offer_unconditional'), entry(2), entry(3)];
    const pairs = nextInLine(list, [alert('a'), alert('b')]);
    expect(pairs.map(({ next }) => next?.id)).toEqual(['app-1', 'app-2']);
    expect(pairs.map(({ next }) => (next ? offerInHand(next) : null))).toEqual([true, false]);
  });

  it('passes over someone on the list who is about to leave it unsuccessful', () => {
    const list = [entry(1, 'rejected'), entry(2)];
    expect(nextInLine(list, [alert('a')]).map(({ next }) => next?.id)).toEqual(['app-2']);
  });

  it('has nobody to offer to once the list runs out', () => {
    expect(nextInLine([entry(1)], [alert('a'), alert('b')]).map(({ next }) => next?.id ?? null)).toEqual([
      'app-1',
      null,
    ]);
  });

  it('says how the place was freed in staff words', () => {
    expect(howFreed(alert('a'))).toBe('declined the offer (Conditional offer → Offer declined)');
    expect(howFreed(alert('a', 'expired'))).toBe(
      'did not reply by the reply-by date (Conditional offer → Offer expired)',
    );
    expect(howFreed(alert('a', 'withdrawn'))).toBe(
      'withdrew the application (Conditional offer → Withdrawn)',
    );
    expect(howFreed({ fromStatus: 'accepted', toStatus: 'offer_withdrawn' })).toBe(
      'had the offer withdrawn (Offer accepted → Offer withdrawn)',
    );
  });

  it('confirms a move with the new position', () => {
    expect(movedOnWaitlistMessage('UP-2031-ABC123', 2, 5)).toBe(
      'UP-2031-ABC123 is now number 2 of 5 on the waiting list.',
    );
  });

  it('takes a move only with the row’s version and a direction', () => {
    const id = '5b0a7f4e-8a7c-4a53-9d8e-0f7f2b6c1a11';
    expect(waitlistMoveSchema.parse({ application_id: id, version: '4', direction: 'up' })).toEqual({
      application_id: id,
      version: 4,
      direction: 'up',
    });
    expect(waitlistMoveSchema.safeParse({ application_id: id, direction: 'up' }).success).toBe(false);
    expect(waitlistMoveSchema.safeParse({ application_id: id, version: '0', direction: 'up' }).success).toBe(
      false,
    );
    expect(
      waitlistMoveSchema.safeParse({ application_id: id, version: '2', direction: 'sideways' }).success,
    ).toBe(false);
  });
});
