import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, submitted, type Person } from '../applications/fixtures.ts';
import { callOf, DENIED, eachOf, rowsOf } from './support.ts';

let stack: RunningStack;
let owner: Person;
let counsellor: Person;
let admin: Person;
let callers: Record<'anon' | 'applicant' | 'counsellor' | 'admin', SupabaseClient>;
const ids = { lead: '', application: '', draftIntake: '', batch: [] as string[] };

beforeAll(async () => {
  stack = await startTestStack();
  [owner, counsellor, admin] = [
    await person(stack),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  const other = await person(stack);
  callers = {
    anon: clientFor(stack),
    applicant: owner.client,
    counsellor: counsellor.client,
    admin: admin.client,
  };
  const courseId = await course(stack);
  const intakeId = await intake(stack, courseId);
  ids.draftIntake = await intake(stack, courseId, { status: 'draft' });
  ids.application = (await submitted(owner, courseId, intakeId)).id;
  ids.batch = [
    (await submitted(other, courseId, intakeId)).id,
    (await submitted(owner, courseId, await intake(stack, courseId))).id,
  ];
  const lead = await clientFor(stack, stack.serviceRoleKey).rpc('submit_lead', {
    payload: { source: 'contact', name: 'Chidi Obi', email: 'chidi@example.test' },
  });
  ids.lead = (lead.data as { id: string }).id;
  // Four staff actions by the counsellor: assign and start the review, a note, a lead worked.
  const steps = await Promise.all([
    counsellor.client.rpc('triage_applications', {
      application_ids: [ids.application],
      assignee: counsellor.id,
      start_review: true,
    }),
    counsellor.client
      .from('application_notes')
      .insert({ application_id: ids.application, body: 'Call the school.' }),
    counsellor.client.from('leads').update({ status: 'contacted', version: 1 }).eq('id', ids.lead),
  ]);
  for (const step of steps) expect(step.error).toBeNull();
});
afterAll(() => stack.stop());

describe('staff data through the API', () => {
  it('leads are for staff only', async () => {
    expect(await eachOf(callers, (c) => rowsOf(c, 'leads', { id: ids.lead }))).toEqual({
      anon: DENIED,
      applicant: 0,
      counsellor: 1,
      admin: 1,
    });
  });

  it('internal notes are for staff only, never for the applicant they are about', async () => {
    const about = { application_id: ids.application };
    expect(await eachOf(callers, (c) => rowsOf(c, 'application_notes', about))).toEqual({
      anon: DENIED,
      applicant: 0,
      counsellor: 1,
      admin: 1,
    });
  });

  it('an application is read by its applicant and staff', async () => {
    const other = await person(stack);
    const readers = { ...callers, other: other.client };
    expect(await eachOf(readers, (c) => rowsOf(c, 'applications', { id: ids.application }))).toEqual({
      anon: DENIED,
      applicant: 1,
      counsellor: 1,
      admin: 1,
      other: 0,
    });
  });

  it('the audit log is read by administrators and the server only, with one record per action', async () => {
    const readers = { ...callers, service: clientFor(stack, stack.serviceRoleKey) };
    const byCounsellor = { actor: counsellor.id };
    expect(await eachOf(readers, (c) => rowsOf(c, 'audit_log', byCounsellor))).toEqual({
      anon: DENIED,
      applicant: 0,
      counsellor: 0,
      admin: 4,
      service: 4,
    });
    const { data } = await admin.client
      .from('audit_log')
      .select('action, entity, entity_id, before, after')
      .match(byCounsellor)
      .in('entity', ['applications', 'leads'])
      .order('entity')
      .order('id');
    expect(data).toEqual([
      {
        action: 'update',
        entity: 'applications',
        entity_id: ids.application,
        before: { assigned_to: null },
        after: { assigned_to: counsellor.id },
      },
      {
        action: 'update',
        entity: 'applications',
        entity_id: ids.application,
        before: { status: 'submitted' },
        after: { status: 'under_review' },
      },
      {
        action: 'update',
        entity: 'leads',
        entity_id: ids.lead,
        before: { status: 'new' },
        after: { status: 'contacted' },
      },
    ]);
  });

  it('nobody writes the audit log through the API, not even with the service key', async () => {
    const writers = { ...callers, service: clientFor(stack, stack.serviceRoleKey) };
    const refusals = await eachOf(writers, async (c) => {
      const insert = await c.from('audit_log').insert({ action: 'insert', entity: 'leads' });
      const update = await c.from('audit_log').update({ actor: null }).eq('actor', counsellor.id);
      const remove = await c.from('audit_log').delete().eq('actor', counsellor.id);
      return [insert.error?.code, update.error?.code, remove.error?.code];
    });
    for (const codes of Object.values(refusals)) expect(codes).toEqual([DENIED, DENIED, DENIED]);
    expect(await rowsOf(admin.client, 'audit_log', { actor: counsellor.id })).toBe(4);
  });
});

describe('staff functions through the API', () => {
  it.each([
    ['admin_kpis', {}, 'ok'],
    ['staff_directory', {}, 'ok'],
    ['admin_intakes', { search: 'Applied Testing' }, 'ok'],
    ['admin_list_users', {}, DENIED],
  ])('%s answers staff only', async (fn, args, counsellorGets) => {
    expect(await eachOf(callers, (c) => callOf(c, fn, args))).toEqual({
      anon: DENIED,
      applicant: DENIED,
      counsellor: counsellorGets,
      admin: 'ok',
    });
  });

  it('only an administrator changes roles or an intake', async () => {
    const roleChange = { target: owner.id, role: 'counsellor', granted: false };
    const intakeMove = { intake_id: ids.draftIntake, to_status: 'open' };
    expect(await eachOf(callers, (c) => callOf(c, 'set_staff_role', roleChange))).toEqual({
      anon: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: 'ok',
    });
    expect(await eachOf(callers, (c) => callOf(c, 'set_intake_status', intakeMove))).toEqual({
      anon: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: 'ok',
    });
  });

  it('a triage batch with one unknown application changes none of them', async () => {
    const unknown = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    const batch = { application_ids: [...ids.batch, unknown], assignee: counsellor.id, start_review: true };
    const refused = await counsellor.client.rpc('triage_applications', batch);
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'Application not found.' });
    const untouched = await admin.client
      .from('applications')
      .select('status, assigned_to')
      .in('id', ids.batch);
    expect(untouched.data).toEqual([
      { status: 'submitted', assigned_to: null },
      { status: 'submitted', assigned_to: null },
    ]);
    const history = await admin.client
      .from('application_status_history')
      .select('id')
      .in('application_id', ids.batch)
      .eq('to_status', 'under_review');
    expect(history.data).toEqual([]);

    const done = await counsellor.client.rpc('triage_applications', { ...batch, application_ids: ids.batch });
    expect(done).toMatchObject({ data: 2, error: null });
    expect(await callOf(owner.client, 'triage_applications', batch)).toBe(DENIED);
  });
});
