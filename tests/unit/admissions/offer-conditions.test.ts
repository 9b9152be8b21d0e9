import { describe, expect, it } from 'vitest';
import { decisionDefaults } from '../../../src/features/admissions/decide/decision-defaults.ts';
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

describe('the days an offer takes when the decision names none', () => {
  it('uses the intake reply-by date and two weeks before the start, when they are far enough ahead', () => {
    expect(decisionDefaults({ reply_by: '2031-07-31', start_date: '2031-09-15' }, '2031-01-10')).toEqual({
      replyBy: '2031-07-31',
      conditionsDeadline: '2031-09-01',
    });
  });

  it('never gives fewer than two weeks, and four to reply when the intake has no date', () => {
    expect(decisionDefaults({ reply_by: '2031-01-12', start_date: '2031-01-20' }, '2031-01-10')).toEqual({
      replyBy: '2031-01-24',
      conditionsDeadline: '2031-01-24',
    });
    expect(decisionDefaults({ reply_by: null, start_date: '2031-09-15' }, '2031-01-10').replyBy).toBe(
      '2031-02-07',
    );
  });
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
