import { describe, expect, it } from 'vitest';
import { profileCompleteness } from '../../../src/features/dashboard/profile-completeness.ts';
import { canRespondToOffer, canWithdraw } from '../../../src/features/applications/status.ts';
import { APPLICATION_STATUSES, statusLabel, statusTone } from '../../../src/lib/application-status.ts';

describe('profileCompleteness', () => {
  it('is 0% with everything missing, each item linking to its profile section', () => {
    const { percent, missing } = profileCompleteness({});
    expect(percent).toBe(0);
    expect(missing.map((item) => item.label)).toEqual([
      'Full name',
      'Date of birth',
      'Nationality',
      'Phone number',
      'Address',
      'Education history',
      'English test score',
    ]);
    expect(missing.at(-1)?.href).toBe('/profile#tests');
  });

  it('counts blank text as missing and reaches 100% when all is there', () => {
    const full = {
      full_name: 'Amara Okafor',
      date_of_birth: '2004-03-14',
      nationality: 'NG',
      phone: '+234 803 555 0101',
      address_line: '4 Marina Road',
      city: 'Lagos',
      country: 'NG',
      education: [{}],
      test_scores: [{}],
    };
    expect(profileCompleteness(full)).toEqual({ percent: 100, missing: [] });
    expect(profileCompleteness({ ...full, city: '  ' })).toEqual({
      percent: 86,
      missing: [{ label: 'Address', href: '/profile#personal' }],
    });
  });
});

describe('status presentation', () => {
  it('gives every status a readable label', () => {
    for (const status of APPLICATION_STATUSES) expect(statusLabel(status)).not.toContain('_');
    expect(statusLabel('offer_conditional')).toBe('Conditional offer');
    expect(statusTone('action_required')).toBe('attention');
  });

  it('lets the applicant answer an offer only until the reply-by day', () => {
    expect(canRespondToOffer('offer_conditional', '2026-12-01', '2026-12-01')).toBe(true);
    expect(canRespondToOffer('offer_conditional', '2026-12-01', '2026-12-02')).toBe(false);
    expect(canRespondToOffer('under_review', null, '2026-12-01')).toBe(false);
  });

  it('allows withdrawing until enrolment, never from a closed application or a draft', () => {
    expect(canWithdraw('submitted')).toBe(true);
    expect(canWithdraw('accepted')).toBe(true);
    expect(canWithdraw('enrolled')).toBe(false);
    expect(canWithdraw('withdrawn')).toBe(false);
    expect(canWithdraw('draft')).toBe(false);
  });
});
