import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  course,
  decide,
  intake,
  move,
  person,
  reasonFor,
  submitted,
  verifyDocuments,
  versionOf,
  type Person,
} from './fixtures.ts';

let stack: RunningStack;
let owner: Person;
let other: Person;
let counsellor: Person;
let admin: Person;
let intakeId: string;
let appId: string;

/** Rows a caller reads from a table, or the error code they are refused with. */
async function rows(
  client: Person['client'] | ReturnType<typeof clientFor>,
  table: string,
  filter?: [string, string],
) {
  const query = client.from(table).select('*');
  const { data, error } = filter ? await query.eq(filter[0], filter[1]) : await query;
  return error ? error.code : (data ?? []).length;
}

beforeAll(async () => {
  stack = await startTestStack();
  [owner, other, counsellor, admin] = [
    await person(stack),
    await person(stack),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  const courseId = await course(stack);
  intakeId = await intake(stack, courseId, { capacity: 1 });
  appId = (await submitted(owner, courseId, intakeId)).id;
  await move(counsellor, appId, 'under_review');
  await verifyDocuments(counsellor, appId);
  const recommended = await decide(counsellor, appId, 'offer_conditional', {
    conditions: 'A-level maths at grade A',
  });
  expect(recommended.error).toBeNull();
});
afterAll(() => stack.stop());

describe('decisions through the API', () => {
  it('are read by staff only, each caller counted', async () => {
    const anon = clientFor(stack);
    const decisions = ['application_decisions', 'decision_reasons', 'admissions_settings', 'place_alerts'];
    // The seed's demo applications have decisions of their own: decisions are counted on this file's application.
    const counts = async (client: Person['client']) =>
      Promise.all(
        decisions.map((table) =>
          rows(client, table, table === 'application_decisions' ? ['application_id', appId] : undefined),
        ),
      );
    expect(await counts(anon)).toEqual(['42501', '42501', '42501', '42501']);
    expect(await counts(owner.client)).toEqual([0, 0, 0, 0]);
    expect(await counts(other.client)).toEqual([0, 0, 0, 0]);
    expect(await counts(counsellor.client)).toEqual([1, 10, 1, 0]);
    expect(await counts(admin.client)).toEqual([1, 10, 1, 0]);
  });

  it('keep an unreleased offer from the applicant, row, embed and e-mail alike', async () => {
    const own = await owner.client
      .from('applications')
      .select('status, offer_conditions, reply_by, outcome_reason, application_decisions(id)')
      .eq('id', appId)
      .single();
    expect(own.data).toMatchObject({
      status: 'under_review',
      offer_conditions: null,
      application_decisions: [],
    });
    const mail = await stack.db.query(
      `select template_key from public.notification_events where application_id = $1 and template_key like 'decision_%'`,
      [appId],
    );
    expect(mail.rows).toEqual([]);
  });

  it('say honestly that an intake is full, to visitors too, and only once an offer is released', async () => {
    const anon = clientFor(stack);
    const fullness = async () =>
      (await anon.from('intake_fullness').select('is_full').eq('intake_id', intakeId).single()).data;
    const catalogueVersion = async () => (await anon.rpc('catalogue_version')).data as unknown;
    // The one place is held by the recommended offer for staff; visitors are told nothing of it.
    const held = await counsellor.client.rpc('staff_intake_places', { intake_id: intakeId });
    expect(held.data).toEqual([expect.objectContaining({ places_left: 0 })]);
    expect(await fullness()).toEqual({ is_full: false });
    const versionBefore = await catalogueVersion();
    const pending = await counsellor.client
      .from('application_decisions')
      .select('id')
      .eq('application_id', appId)
      .single();
    const cancelled = await counsellor.client.rpc('cancel_decision', {
      decision_id: (pending.data as { id: string }).id,
      expected_version: await versionOf(counsellor, appId),
      note: 'Waiting for the interview',
    });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', cancel_note: 'Waiting for the interview' });
    expect(await fullness()).toEqual({ is_full: false });
    expect(await catalogueVersion()).toEqual(versionBefore);

    // Another applicant's offer, released: now the intake is full for everyone.
    const courseOf = await stack.db.query<{ course_id: string }>(
      'select course_id from public.intakes where id = $1',
      [intakeId],
    );
    const released = (await submitted(other, courseOf.rows[0]!.course_id, intakeId)).id;
    await move(counsellor, released, 'under_review');
    await verifyDocuments(counsellor, released);
    expect((await decide(admin, released, 'offer_unconditional', { release: true })).error).toBeNull();
    expect(await fullness()).toEqual({ is_full: true });
    expect(await catalogueVersion()).not.toEqual(versionBefore);
  });

  it('let only one of two offers racing for the last place through', async () => {
    const courseId = await course(stack);
    const small = await intake(stack, courseId, { capacity: 1 });
    const apps = [(await submitted(owner, courseId, small)).id, (await submitted(other, courseId, small)).id];
    for (const id of apps) {
      await move(counsellor, id, 'under_review');
      await verifyDocuments(counsellor, id);
    }
    const versions = await Promise.all(apps.map((id) => versionOf(admin, id)));
    const race = await Promise.all(
      apps.map((id, i) =>
        admin.client.rpc('decide_application', {
          application_id: id,
          expected_version: versions[i],
          outcome: 'offer_unconditional',
          release: true,
        }),
      ),
    );
    expect(race.filter((result) => result.error === null)).toHaveLength(1);
    expect(race.find((result) => result.error)?.error?.message).toMatch(
      /^No place is left for another offer/,
    );
    const held = await admin.client.rpc('staff_intake_places', { intake_id: small });
    expect(held.data).toEqual([
      expect.objectContaining({ places: 1, offers_out: 1, held: 1, places_left: 0 }),
    ]);
  });

  it('go out at once without approval when the office chooses so', async () => {
    const service = clientFor(stack, stack.serviceRoleKey);
    expect((await service.rpc('set_decision_approval', { mode: 'none' })).data).toBe('none');
    try {
      const courseId = await course(stack);
      const id = (await submitted(other, courseId, await intake(stack, courseId))).id;
      await move(counsellor, id, 'under_review');
      const released = await decide(counsellor, id, 'rejected', {
        reason_id: await reasonFor(counsellor, 'rejected'),
        reason_detail: 'Maths grade C, interview weak',
        release: true,
      });
      expect(released.data).toMatchObject({ state: 'released', approved_by: counsellor.id });
      const seen = await other.client
        .from('applications')
        .select('status, outcome_reason')
        .eq('id', id)
        .single();
      expect(seen.data).toEqual({
        status: 'rejected',
        outcome_reason: 'Your qualifications do not meet the academic entry requirements for this course.',
      });
    } finally {
      await service.rpc('set_decision_approval', { mode: 'admin' });
    }
  });
});
