import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { negativeLetter } from '../../../src/features/admissions/decide/negative-letter.ts';
import { whatHappens } from '../../../src/features/admissions/commands/decision-wording.ts';
import { unverifiedDocuments } from '../../../src/features/admissions/gate/documents-gate.ts';
import type { Decision } from '../../../src/features/admissions/decide/decision-data.server.ts';
import type { StatusChange } from '../../../src/features/admin/review/detail/detail-data.server.ts';
import { timelineOf } from '../../../src/features/admin/review/detail/timeline.ts';

const COURSE = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';
const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00+00:00`;

describe('the documents gate', () => {
  const doc = (kind: string, status: 'uploaded' | 'verified' | 'rejected', minute = 0) => ({
    kind,
    status,
    created_at: at(minute),
  });

  it('names each required document that is not verified, as the database words it', () => {
    const rules = [
      { course_id: COURSE, kind: 'passport', required: true },
      { course_id: COURSE, kind: 'transcript', required: true },
      { course_id: COURSE, kind: 'english_test', required: true },
      { course_id: COURSE, kind: 'cv', required: false },
    ];
    expect(
      unverifiedDocuments(COURSE, rules, [doc('passport', 'rejected'), doc('transcript', 'uploaded')]),
    ).toEqual([
      'English test certificate is missing',
      'Passport was rejected',
      'Academic transcript is not verified yet',
    ]);
  });

  it('counts a verified copy even when a later upload was rejected', () => {
    const rules = [{ course_id: COURSE, kind: 'passport', required: true }];
    expect(
      unverifiedDocuments(COURSE, rules, [doc('passport', 'verified', 1), doc('passport', 'rejected', 2)]),
    ).toEqual([]);
    expect(
      unverifiedDocuments(COURSE, rules, [doc('passport', 'rejected', 1), doc('passport', 'uploaded', 2)]),
    ).toEqual(['Passport is not verified yet']);
  });

  it('uses the default checklist only when the course has none of its own', () => {
    const defaults = [{ course_id: null, kind: 'passport', required: true }];
    expect(unverifiedDocuments(COURSE, defaults, [])).toEqual(['Passport is missing']);
    const own = [...defaults, { course_id: COURSE, kind: 'cv', required: false }];
    expect(unverifiedDocuments(COURSE, own, [])).toEqual([]);
    expect(
      unverifiedDocuments(COURSE, [{ course_id: OTHER, kind: 'cv', required: true }, ...defaults], []),
    ).toEqual(['Passport is missing']);
  });
});

describe('the letter quoted at the confirmation step', () => {
  const facts = {
    reference: 'UP-2027-ABC123',
    greeting: 'Amara Okafor',
    course: 'Architecture at Ashcombe University, starting September 2027',
    reason: 'Your English language score is below the minimum this course requires.',
    siteUrl: 'https://unipath.example',
    applicationUrl: 'https://unipath.example/applications/0f6b',
  };
  // The letters the database sends are the decision_* message templates; the course in the facts is
  // what the templates spell as "{{course}} at {{university}}, starting {{term}}".
  const sql = readFileSync('supabase/migrations/20261201000600_communication.sql', 'utf8');
  const letterTemplate = (outcome: string) => {
    const match = new RegExp(
      `\\('decision_${outcome}', 'applicant', true,\\n  '[^']*',\\n  '[^']*',\\n  '([^']*)',\\n  '[^']*',\\n  E'([^']*)'`,
    ).exec(sql);
    if (!match) throw new Error(`decision_${outcome} template not found`);
    return { subject: match[1] ?? '', body: (match[2] ?? '').replaceAll('\\n', '\n') };
  };
  const placeholders = (text: string) =>
    text
      .replace(facts.reference, '{{reference}}')
      .replace(facts.course, '{{course}} at {{university}}, starting {{term}}')
      .replace(facts.reason, '{{reason}}')
      .replace(facts.applicationUrl, '{{application_url}}')
      .replace(facts.siteUrl, '{{site_url}}');

  it('has the subject of the letter the database sends', () => {
    for (const outcome of ['rejected', 'conditions_not_met', 'offer_withdrawn'] as const) {
      const { subject } = negativeLetter(outcome, facts);
      expect(placeholders(subject), outcome).toBe(letterTemplate(outcome).subject);
    }
  });

  it('is the letter the database sends, sentence for sentence', () => {
    for (const outcome of ['rejected', 'conditions_not_met', 'offer_withdrawn'] as const) {
      const { body } = negativeLetter(outcome, facts);
      const inner = body.split('\n\n').slice(1, -2);
      for (const paragraph of inner)
        expect(letterTemplate(outcome).body, outcome).toContain(placeholders(paragraph));
    }
  });

  it('greets the applicant, quotes the public wording and ends with the reference', () => {
    const { body } = negativeLetter('rejected', facts);
    expect(body.startsWith('Hello Amara Okafor,\n\n')).toBe(true);
    expect(body).toContain(`The reason: ${facts.reason}`);
    expect(body.endsWith('Reference: UP-2027-ABC123\n\nUnipath Admissions')).toBe(true);
  });
});

describe('what confirming a decision does', () => {
  it('says a counsellor only recommends, and that nothing reaches the applicant yet', () => {
    const points = whatHappens('under_review', 'rejected', {
      mayRelease: false,
      oneByOne: true,
      releaseNow: true,
    });
    expect(points[0]).toMatch(/goes to an administrator for approval/);
    expect(points).toContain('Once released it cannot be undone.');
  });

  it('says an administrator releases at once, or holds it until publishing on a batch intake', () => {
    expect(
      whatHappens('under_review', 'rejected', { mayRelease: true, oneByOne: true, releaseNow: true })[0],
    ).toBe(
      'It is released as soon as you confirm: the application becomes Unsuccessful and the letter is e-mailed to the applicant.',
    );
    expect(
      whatHappens('under_review', 'rejected', { mayRelease: true, oneByOne: false, releaseNow: true })[0],
    ).toMatch(/^It is held until this intake’s decisions are published/);
  });

  it('warns that a withdrawn offer or unmet conditions lose the place', () => {
    const plan = { mayRelease: true, oneByOne: true, releaseNow: false };
    expect(whatHappens('conditions_pending', 'conditions_not_met', plan)).toContain(
      'The applicant loses their place on the course, and the place is freed for the waiting list.',
    );
    expect(whatHappens('waitlisted', 'rejected', plan)).toContain('The applicant leaves the waiting list.');
  });
});

describe('the staff timeline', () => {
  const names = new Map([
    ['u-admin', 'Priya Nair'],
    ['u-couns', 'Sam Lee'],
  ]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'Former staff member') : 'Unipath');
  const history: StatusChange[] = [
    {
      id: 1,
      from_status: 'draft',
      to_status: 'submitted',
      actor: 'u-app',
      actor_kind: 'applicant',
      note: null,
      created_at: at(0),
    },
    {
      id: 2,
      from_status: 'submitted',
      to_status: 'under_review',
      actor: 'u-admin',
      actor_kind: 'admissions',
      note: null,
      created_at: at(1),
    },
    {
      id: 3,
      from_status: 'under_review',
      to_status: 'offer_conditional',
      actor: 'u-admin',
      actor_kind: 'admissions',
      note: 'Conditional offer made.',
      created_at: at(5),
    },
  ];
  const decision = (fields: Partial<Decision>): Decision => ({
    id: 'd1',
    outcome: 'offer_conditional',
    from_status: 'under_review',
    conditions: 'IELTS 7',
    reason_id: null,
    reason_detail: null,
    override_reason: null,
    state: 'recommended',
    recommended_by: 'u-couns',
    recommended_at: at(2),
    approved_by: null,
    approved_at: null,
    released_by: null,
    released_at: null,
    cancelled_by: null,
    cancelled_at: null,
    cancel_note: null,
    reason: null,
    ...fields,
  });

  it('puts recommendation, approval and release between the status changes, naming each person', () => {
    const released = decision({
      state: 'released',
      override_reason: 'Passport checked by phone with the embassy.',
      approved_by: 'u-admin',
      approved_at: at(5),
      released_by: 'u-admin',
      released_at: at(5),
    });
    const entries = timelineOf(history, [released], nameOf);
    expect(entries.map((entry) => `${entry.title} · ${entry.who}`)).toEqual([
      'Submitted · Applicant',
      'Under review · Priya Nair',
      'Recommended: Conditional offer · Sam Lee',
      'Approved: Conditional offer · Priya Nair',
      'Released to the applicant: Conditional offer · Priya Nair',
      'Conditional offer · Priya Nair',
    ]);
    expect(entries[2]?.lines).toEqual([
      { label: 'Conditions', text: 'IELTS 7' },
      { label: 'Override reason', text: 'Passport checked by phone with the embassy.' },
    ]);
    expect(entries.some((entry) => entry.unreleased)).toBe(false);
  });

  it('marks the steps of an open decision as unreleased, and shows a decision made at once as one step', () => {
    const open = decision({
      outcome: 'rejected',
      conditions: null,
      state: 'approved',
      recommended_by: 'u-admin',
      approved_by: 'u-admin',
      approved_at: at(2),
      reason: { public_wording: 'Your qualifications do not meet the entry requirements.' },
      reason_detail: 'Maths grade too low.',
    });
    const entries = timelineOf(history.slice(0, 2), [open], nameOf);
    expect(entries.at(-1)).toMatchObject({
      title: 'Decided: Unsuccessful',
      who: 'Priya Nair',
      unreleased: true,
    });
    expect(entries.at(-1)?.lines).toEqual([
      {
        label: 'Reason given to the applicant',
        text: 'Your qualifications do not meet the entry requirements.',
      },
      { label: 'Private detail (staff only)', text: 'Maths grade too low.' },
    ]);
  });

  it('records cancellations, including those the database made itself', () => {
    const cancelled = decision({
      state: 'cancelled',
      cancelled_at: at(3),
      cancel_note: 'The application became withdrawn.',
    });
    const entries = timelineOf(history.slice(0, 2), [cancelled], nameOf);
    expect(entries.at(-1)).toMatchObject({
      title: 'Cancelled: Conditional offer',
      who: 'Unipath (automatically)',
      lines: [{ label: 'Note', text: 'The application became withdrawn.' }],
      unreleased: false,
    });
    expect(entries.at(-2)?.unreleased).toBe(false);
  });
});
