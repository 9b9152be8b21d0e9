import { describe, expect, it } from 'vitest';
import { profileCompleteness } from '../../../src/features/dashboard/profile-completeness.ts';
import { canRespondToOffer, canWithdraw, outcomeSummary } from '../../../src/features/applications/status.ts';
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

  it('offers neither a reply nor a withdrawal once an offer was withdrawn, and no reply to a pending place', () => {
    expect(canWithdraw('offer_withdrawn')).toBe(false);
    expect(canWithdraw('conditions_pending')).toBe(true);
    expect(canRespondToOffer('offer_withdrawn', null, '2026-12-01')).toBe(false);
    expect(canRespondToOffer('conditions_pending', null, '2026-12-01')).toBe(false);
    expect(canRespondToOffer('waitlisted', null, '2026-12-01')).toBe(false);
  });

  it('names the new statuses as applicants read them', () => {
    expect(statusLabel('conditions_pending')).toBe('Accepted, conditions pending');
    expect(statusLabel('offer_withdrawn')).toBe('Offer withdrawn');
    expect(statusLabel('rejected')).toBe('Unsuccessful');
  });
});

describe('outcomeSummary', () => {
  const facts = {
    offer_conditions: 'IELTS 6.5 overall by 31 July.',
    conditions_met_at: null,
    outcome_reason: null,
  };

  it('shows the conditions still to meet on a conditional offer and after accepting it', () => {
    const offer = outcomeSummary({ ...facts, status: 'offer_conditional' });
    expect(offer.conditions).toEqual({ text: 'IELTS 6.5 overall by 31 July.', state: 'to_meet' });
    expect(offer.headline).toBeNull();
    const pending = outcomeSummary({ ...facts, status: 'conditions_pending' });
    expect(pending.conditions?.state).toBe('to_meet');
    expect(pending.headline).toMatch(/accepted this conditional offer/);
  });

  it('says the place is confirmed once the conditions were met', () => {
    const met = outcomeSummary({ ...facts, status: 'accepted', conditions_met_at: '2026-12-02T09:00:00Z' });
    expect(met.conditions).toEqual({ text: facts.offer_conditions, state: 'met' });
    expect(met.conditionsMetAt).toBe('2026-12-02T09:00:00Z');
    expect(met.headline).toBe('You met the conditions of your offer: your place is confirmed.');
    const unconditional = outcomeSummary({
      ...facts,
      status: 'offer_unconditional',
      conditions_met_at: '2026-12-02T09:00:00Z',
    });
    expect(unconditional.headline).toMatch(/now unconditional/);
  });

  it('gives the public reason of an unsuccessful application or a withdrawn offer, and no conditions', () => {
    const reason = 'Your final results did not meet the academic conditions of your offer.';
    const rejected = outcomeSummary({ ...facts, status: 'rejected', outcome_reason: reason });
    expect(rejected.reason).toEqual({ label: 'Why the application was unsuccessful', text: reason });
    expect(rejected.conditions).toBeNull();
    const withdrawn = outcomeSummary({ ...facts, status: 'offer_withdrawn', outcome_reason: reason });
    expect(withdrawn.reason?.label).toBe('Why the offer was withdrawn');
  });

  it('says nothing extra while the application is under review', () => {
    expect(outcomeSummary({ ...facts, offer_conditions: null, status: 'under_review' })).toEqual({
      conditions: null,
      conditionsMetAt: null,
      reason: null,
      headline: null,
    });
  });
});
