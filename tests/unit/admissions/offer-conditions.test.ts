import { describe, expect, it } from 'vitest';
import { conditionStateText, offerConditionsFrom } from '../../../src/lib/offer-conditions.ts';

const condition = (position: number, status: string, note: string | null = null) => ({
  id: `c${position}`,
  position,
  description: `Condition ${position}`,
  deadline: '2031-08-01',
  status,
  note,
  marked_by: null,
  marked_at: null,
});

describe('an offer condition as the applicant reads it', () => {
  it('says whether evidence is awaited or being checked, and why one is not met', () => {
    const [open, met, unmet] = offerConditionsFrom([
      condition(3, 'not_met', 'The certificate shows 5.5.'),
      condition(1, 'pending'),
      condition(2, 'met'),
    ]);
    expect(open?.position).toBe(1);
    expect(conditionStateText(open!, false)).toBe('Waiting for your evidence');
    expect(conditionStateText(open!, true)).toBe('Evidence received, being checked');
    expect(conditionStateText(met!, true)).toBe('Met');
    expect(conditionStateText(unmet!, true)).toBe('Not met: The certificate shows 5.5.');
  });

  it('drops a row whose state it does not know', () => {
    expect(offerConditionsFrom([condition(1, 'waived')])).toEqual([]);
  });
});
