import { describe, expect, it } from 'vitest';
import { approvalModeFrom } from '../../../src/lib/jobs/admissions-jobs.server.ts';

describe('DECISION_APPROVAL', () => {
  it('defaults to approval by an administrator', () => {
    expect(approvalModeFrom({})).toBe('admin');
    expect(approvalModeFrom({ DECISION_APPROVAL: '  ' })).toBe('admin');
  });

  it('reads admin or none, whatever the case', () => {
    expect(approvalModeFrom({ DECISION_APPROVAL: 'NONE' })).toBe('none');
    expect(approvalModeFrom({ DECISION_APPROVAL: 'admin' })).toBe('admin');
  });

  it('refuses anything else instead of guessing', () => {
    expect(() => approvalModeFrom({ DECISION_APPROVAL: 'counsellor' })).toThrow(
      'DECISION_APPROVAL must be "admin" or "none", not "counsellor".',
    );
  });
});
