import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { loadBulkTargets } from '../../../src/features/admissions/bulk/bulk-targets.server.ts';
import { listDecisionIntakes } from '../../../src/features/admissions/unreleased/decision-intakes.server.ts';
import { listUnreleased } from '../../../src/features/admissions/unreleased/decisions-list.server.ts';
import {
  DEFAULT_DECISIONS_PARAMS,
  type DecisionsParams,
} from '../../../src/features/admissions/unreleased/decisions-params.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, type Person } from '../applications/fixtures.ts';

let stack: RunningStack;
let applicant: Person;
let counsellor: Person;
const token = `Dx${randomUUID().slice(0, 6)}`;
const ids: Record<string, string> = {};
const intakes: Record<string, string> = {};

/**
 * An application under review named `${token} ${name}`, written directly so the test is about
 * reading. Each has an applicant of its own (one application per person and intake); `applicant`
 * owns the one that is ready to release.
 */
async function underReview(name: string, intakeId: string, courseId: string): Promise<string> {
  const owner = name === 'ready' ? applicant : await person(stack);
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at, answers)
     values ($1, $2, $3, 'under_review', $4, now(), jsonb_build_object('personal', jsonb_build_object('full_name', $5::text)))
     returning id`,
    [owner.id, courseId, intakeId, `UP-2031-${randomUUID().slice(0, 6).toUpperCase()}`, `${token} ${name}`],
  );
  return rows[0]?.id ?? '';
}

async function decision(
  applicationId: string,
  outcome: string,
  state: 'recommended' | 'approved' | 'released',
) {
  await stack.db.query(
    `insert into public.application_decisions (application_id, outcome, from_status, state, recommended_by,
       approved_by, approved_at, released_by, released_at)
     values ($1, $2, 'under_review', $3, $4, case when $3 <> 'recommended' then $4::uuid end,
       case when $3 <> 'recommended' then now() end, case when $3 = 'released' then $4::uuid end,
       case when $3 = 'released' then now() end)`,
    [applicationId, outcome, state, counsellor.id],
  );
}

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  counsellor = await person(stack, ['counsellor']);
  const courseId = await course(stack);
  intakes['rolling'] = await intake(stack, courseId);
  intakes['batch'] = await intake(stack, courseId, { status: 'closed', deadlineDays: -1 });
  intakes['published'] = await intake(stack, courseId, { status: 'decisions_published', deadlineDays: -5 });
  await stack.db.query(`update public.intakes set release_mode = 'batch' where id = any($1)`, [
    [intakes['batch'], intakes['published']],
  ]);
  const plan: [string, string, string, 'recommended' | 'approved' | 'released'][] = [
    ['awaiting', 'rolling', 'waitlisted', 'recommended'],
    ['ready', 'rolling', 'offer_unconditional', 'approved'],
    ['held', 'batch', 'waitlisted', 'approved'],
    ['heldRecommendation', 'batch', 'offer_unconditional', 'recommended'],
    ['publishedReady', 'published', 'waitlisted', 'approved'],
    ['released', 'rolling', 'waitlisted', 'released'],
  ];
  for (const [name, intakeName, outcome, state] of plan) {
    ids[name] = await underReview(name, intakes[intakeName] ?? '', courseId);
    await decision(ids[name] ?? '', outcome, state);
  }
  ids['undecided'] = await underReview('undecided', intakes['rolling'] ?? '', courseId);
});
afterAll(() => stack.stop());

const listed = async (who: Person, change: Partial<DecisionsParams> = {}) => {
  const { rows, total } = await listUnreleased(who.client, {
    ...DEFAULT_DECISIONS_PARAMS,
    q: token,
    ...change,
  });
  const names = rows.map((row) => row.application.applicant_name?.replace(`${token} `, '')).sort();
  return { names, total };
};

describe('the unreleased decisions list', () => {
  it('shows staff every decision made and not released, and nothing else', async () => {
    expect(await listed(counsellor)).toEqual({
      names: ['awaiting', 'held', 'heldRecommendation', 'publishedReady', 'ready'],
      total: 5,
    });
  });

  it('tells apart awaiting approval, ready to release and held until an intake publishes', async () => {
    expect((await listed(counsellor, { state: 'awaiting' })).names).toEqual([
      'awaiting',
      'heldRecommendation',
    ]);
    expect((await listed(counsellor, { state: 'ready' })).names).toEqual(['publishedReady', 'ready']);
    expect((await listed(counsellor, { state: 'held' })).names).toEqual(['held']);
  });

  it('filters by outcome, by intake and by reference', async () => {
    expect((await listed(counsellor, { outcome: 'offer_unconditional' })).names).toEqual([
      'heldRecommendation',
      'ready',
    ]);
    expect((await listed(counsellor, { intake: intakes['batch'] ?? '' })).names).toEqual([
      'held',
      'heldRecommendation',
    ]);
    const { rows } = await listUnreleased(counsellor.client, { ...DEFAULT_DECISIONS_PARAMS, q: token });
    const reference = rows.find((row) => row.application.id === ids['ready'])?.application.reference ?? '';
    expect((await listed(counsellor, { q: reference.toLowerCase() })).names).toEqual(['ready']);
  });

  it('shows an applicant nothing, even of their own applications', async () => {
    expect(await listed(applicant)).toEqual({ names: [], total: 0 });
    expect(await listDecisionIntakes(applicant.client)).toEqual([]);
  });

  it('offers the intakes that have unreleased decisions, with how many', async () => {
    const counts = Object.fromEntries(
      (await listDecisionIntakes(counsellor.client)).map((entry) => [entry.id, entry.count]),
    );
    expect(counts).toMatchObject({
      [intakes['rolling'] ?? '']: 2,
      [intakes['batch'] ?? '']: 2,
      [intakes['published'] ?? '']: 1,
    });
  });
});

describe('the applications a bulk change is previewed on', () => {
  it('come with their version, intake and open decision; unknown ids and drafts are absent', async () => {
    const wanted = [ids['ready'] ?? '', ids['released'] ?? '', ids['undecided'] ?? '', randomUUID()];
    const targets = await loadBulkTargets(counsellor.client, wanted);
    expect([...targets.keys()].sort()).toEqual(wanted.slice(0, 3).sort());
    expect(targets.get(ids['ready'] ?? '')).toMatchObject({
      status: 'under_review',
      version: expect.any(Number),
      intake: { status: 'open', release_mode: 'rolling' },
      decision: { outcome: 'offer_unconditional', state: 'approved' },
    });
    expect(targets.get(ids['released'] ?? '')?.decision).toBeNull();
    expect(targets.get(ids['undecided'] ?? '')?.decision).toBeNull();
    expect((await loadBulkTargets(applicant.client, wanted)).get(ids['ready'] ?? '')?.decision).toBeNull();
  });
});
