import { describe, expect, it } from 'vitest';
import { previewSummary, resultsSummary } from '../../../src/features/admissions/bulk/views/bulk-view.ts';
import {
  assignVerdict,
  NOT_STAFF_MESSAGE,
} from '../../../src/features/admin/review/queue/queue-assign.server.ts';
import {
  RELEASE_PERMISSION_MESSAGE,
  releaseVerdict,
  type ReleaseSubject,
} from '../../../src/features/admissions/bulk/release-plans.ts';
import {
  decidePlan,
  decisionDoneMessage,
} from '../../../src/features/admissions/commands/decision-wording.ts';
import { decisionTarget } from '../../../src/features/admissions/outcomes/decision-outcomes.ts';
import { pendingState } from '../../../src/features/admissions/release/decision-release.ts';

const ROLLING = { term: 'September 2027', status: 'open', release_mode: 'rolling' };
const BATCH = { term: 'January 2028', status: 'closed', release_mode: 'batch' };
const PUBLISHED = { ...BATCH, status: 'decisions_published' };

const subject = (state: string | null, intake = ROLLING, outcome = 'rejected'): ReleaseSubject => ({
  intake,
  decision: state ? { outcome, state, from_status: 'under_review' } : null,
});

describe('what a bulk release or approval will do', () => {
  it('refuses everything to someone who may not release', () => {
    expect(releaseVerdict('release', subject('approved'), false)).toEqual({
      kind: 'refuse',
      reasons: [RELEASE_PERMISSION_MESSAGE],
    });
  });

  it('refuses an application without a waiting decision', () => {
    expect(releaseVerdict('approve_release', subject(null), true)).toEqual({
      kind: 'refuse',
      reasons: ['No decision is waiting on this application.'],
    });
  });

  it('releases an approved decision on a rolling intake, saying what the applicant gets', () => {
    expect(releaseVerdict('release', subject('approved'), true)).toEqual({
      kind: 'apply',
      plan: 'Release “Unsuccessful”: the application becomes Unsuccessful and the applicant gets the letter by e-mail.',
    });
  });

  it('does not release a recommendation before it is approved', () => {
    expect(releaseVerdict('release', subject('recommended'), true)).toEqual({
      kind: 'refuse',
      reasons: ['“Unsuccessful” is not approved yet: approve it first.'],
    });
    expect(
      releaseVerdict('approve_release', subject('recommended', ROLLING, 'offer_unconditional'), true),
    ).toEqual({
      kind: 'apply',
      plan: 'Approve and release “Unconditional offer”: the application becomes Unconditional offer and the applicant gets the letter by e-mail.',
    });
  });

  it('holds decisions of a batch intake until it publishes, and releases them one by one after', () => {
    expect(releaseVerdict('release', subject('approved', BATCH), true)).toEqual({
      kind: 'refuse',
      reasons: [
        '“Unsuccessful” is held until the decisions on the January 2028 intake are published: they go out together.',
      ],
    });
    expect(releaseVerdict('approve_release', subject('recommended', BATCH), true)).toEqual({
      kind: 'apply',
      plan: 'Approve “Unsuccessful”; it stays held until the decisions on the January 2028 intake are published.',
    });
    expect(releaseVerdict('approve_release', subject('approved', BATCH), true).kind).toBe('skip');
    expect(releaseVerdict('release', subject('approved', PUBLISHED), true).kind).toBe('apply');
  });

  it('leaves an approved decision alone when asked to approve it', () => {
    expect(releaseVerdict('approve', subject('approved'), true)).toEqual({
      kind: 'skip',
      note: '“Unsuccessful” is already approved.',
    });
  });
});

describe('what a bulk decision will do', () => {
  const base = { outcome: 'offer_unconditional', status: 'under_review', intake: ROLLING };

  it('is a recommendation from whoever does not approve', () => {
    expect(decidePlan({ ...base, approves: false, release: true })).toBe(
      'Recommend “Unconditional offer”: an administrator approves it before the applicant hears anything.',
    );
  });

  it('goes out at once only when asked and the intake allows it', () => {
    expect(decidePlan({ ...base, approves: true, release: true })).toMatch(
      /^Decide “Unconditional offer” and release it now/,
    );
    expect(decidePlan({ ...base, approves: true, release: false })).toBe(
      'Decide “Unconditional offer”, not released: the applicant hears nothing until it is released.',
    );
    expect(decidePlan({ ...base, intake: BATCH, approves: true, release: true })).toBe(
      'Decide “Unconditional offer”; it is held until the decisions on the January 2028 intake are published.',
    );
  });

  it('reports the state each decision ended in', () => {
    expect(decisionDoneMessage('Decided', 'rejected', 'recommended', ROLLING)).toBe(
      'Recommended “Unsuccessful”; it awaits an administrator’s approval.',
    );
    expect(decisionDoneMessage('Approved', 'rejected', 'released', ROLLING)).toBe(
      'Approved and released “Unsuccessful”; the letter is on its way.',
    );
    expect(decisionDoneMessage('Decided', 'waitlisted', 'approved', BATCH)).toBe(
      'Decided “Waitlist”; held until the decisions on the January 2028 intake are published.',
    );
  });
});

describe('decision words', () => {
  it('names where an unreleased decision stands', () => {
    expect(pendingState('recommended', BATCH)).toBe('awaiting');
    expect(pendingState('approved', ROLLING)).toBe('ready');
    expect(pendingState('approved', BATCH)).toBe('held');
    expect(pendingState('approved', PUBLISHED)).toBe('ready');
  });

  it('knows the status each outcome leads to, as the database does', () => {
    expect(decisionTarget('offer_conditional', 'conditions_met')).toBe('offer_unconditional');
    expect(decisionTarget('conditions_pending', 'conditions_met')).toBe('accepted');
    expect(decisionTarget('conditions_pending', 'conditions_not_met')).toBe('rejected');
    expect(decisionTarget('under_review', 'waitlisted')).toBe('waitlisted');
  });

  it('sums up a preview and its results', () => {
    expect(
      previewSummary([
        { kind: 'apply', plan: '' },
        { kind: 'apply', plan: '' },
        { kind: 'refuse', reasons: [] },
      ]),
    ).toBe('2 of 3 applications will change; 1 will be refused and left as it is.');
    expect(
      resultsSummary([
        { kind: 'done', message: '' },
        { kind: 'refused', message: '' },
        { kind: 'skipped', message: '' },
      ]),
    ).toBe('1 done, 1 refused, 1 not changed.');
  });
});

describe('what a bulk assignment will do', () => {
  const names: Record<string, string> = { a: 'ana@unipath.test', b: 'ben@unipath.test' };
  const nameOf = (id: string) => names[id] ?? 'Former staff member';
  const isStaff = (id: string) => id in names;

  it('assigns, reassigns, unassigns, and leaves alone what is already so', () => {
    expect(assignVerdict({ assigned_to: null }, 'a', nameOf, isStaff)).toEqual({
      kind: 'apply',
      plan: 'Assign to ana@unipath.test.',
    });
    expect(assignVerdict({ assigned_to: 'b' }, 'a', nameOf, isStaff)).toEqual({
      kind: 'apply',
      plan: 'Assign to ana@unipath.test instead of ben@unipath.test.',
    });
    expect(assignVerdict({ assigned_to: 'b' }, null, nameOf, isStaff)).toEqual({
      kind: 'apply',
      plan: 'Take ben@unipath.test off as reviewer.',
    });
    expect(assignVerdict({ assigned_to: 'a' }, 'a', nameOf, isStaff).kind).toBe('skip');
    expect(assignVerdict({ assigned_to: null }, null, nameOf, isStaff).kind).toBe('skip');
  });

  it('refuses someone who is not on the admissions team', () => {
    expect(assignVerdict({ assigned_to: null }, 'x', nameOf, isStaff)).toEqual({
      kind: 'refuse',
      reasons: [NOT_STAFF_MESSAGE],
    });
  });
});
