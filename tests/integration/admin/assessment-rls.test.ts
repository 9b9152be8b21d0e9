import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, submitted, type Person } from '../applications/fixtures.ts';
import { callOf, DENIED, eachOf, rowsOf } from './support.ts';

type Caller = 'anon' | 'applicant' | 'firstReader' | 'secondReader' | 'counsellor' | 'admin';

let stack: RunningStack;
let people: Record<Exclude<Caller, 'anon'>, Person>;
let callers: Record<Caller, SupabaseClient>;
let applicationId = '';
let intakeId = '';

const CRITERIA = [
  { key: 'fit', label: 'Fit', weight: 1, min: 1, max: 5, levels: ['1', '2', '3', '4', '5'], comment: true },
];

async function readOf(reader: Person) {
  const { data, error } = await reader.client
    .from('application_reads')
    .select('id, version')
    .eq('application_id', applicationId)
    .eq('reader_id', reader.id)
    .single();
  if (error) throw error;
  return data as { id: string; version: number };
}

async function send(reader: Person, fit: number) {
  const read = await readOf(reader);
  const { error } = await reader.client.rpc('save_read', {
    read_id: read.id,
    expected_version: read.version,
    scores: { fit },
    comments: { fit: 'Seen in person.' },
    recommendation: 'recommend',
    overall_comment: 'A clear case.',
    send: true,
  });
  expect(error).toBeNull();
}

const readsOfApplication = () =>
  eachOf(callers, (client) => rowsOf(client, 'application_reads', { application_id: applicationId }));

beforeAll(async () => {
  stack = await startTestStack();
  const [applicant, firstReader, secondReader, counsellor, admin] = [
    await person(stack),
    await person(stack, ['counsellor', 'reader']),
    await person(stack, ['counsellor', 'reader']),
    await person(stack, ['counsellor']),
    await person(stack, ['admin']),
  ];
  people = { applicant, firstReader, secondReader, counsellor, admin };
  callers = {
    anon: clientFor(stack),
    applicant: applicant.client,
    firstReader: firstReader.client,
    secondReader: secondReader.client,
    counsellor: counsellor.client,
    admin: admin.client,
  };
  const sheet = await admin.client.rpc('save_scoresheet', {
    scoresheet_id: null,
    expected_version: 1,
    purpose: 'application',
    course_id: null,
    intake_id: null,
    name: 'Default',
    criteria: CRITERIA,
  });
  expect(sheet.error).toBeNull();
  const courseId = await course(stack);
  intakeId = await intake(stack, courseId);
  applicationId = (await submitted(applicant, courseId, intakeId)).id;
});
afterAll(() => stack.stop());

describe('reads through the API', () => {
  it('are given to both readers when the application is submitted', async () => {
    const { rows } = await stack.db.query<{ reader_id: string }>(
      'select reader_id from public.application_reads where application_id = $1 order by reader_id',
      [applicationId],
    );
    expect(rows.map((row) => row.reader_id).sort()).toEqual(
      [people.firstReader.id, people.secondReader.id].sort(),
    );
  });

  it('before anyone sends: each reader sees their own, administrators both, nobody else any', async () => {
    expect(await readsOfApplication()).toEqual({
      anon: DENIED,
      applicant: 0,
      firstReader: 1,
      secondReader: 1,
      counsellor: 0,
      admin: 2,
    });
  });

  it('refuse every direct write, and a save from a stale tab', async () => {
    const read = await readOf(people.firstReader);
    const update = await people.firstReader.client
      .from('application_reads')
      .update({ total: 100, version: read.version })
      .eq('id', read.id)
      .select('id');
    expect(update.error?.code).toBe(DENIED);
    const insert = await people.applicant.client
      .from('application_reads')
      .insert({ application_id: applicationId, reader_id: people.applicant.id });
    expect(insert.error?.code).toBe(DENIED);
    const draft = {
      read_id: read.id,
      scores: { fit: 3 },
      comments: {},
      recommendation: '',
      overall_comment: '',
    };
    expect(
      await callOf(people.firstReader.client, 'save_read', { ...draft, expected_version: read.version }),
    ).toBe('ok');
    expect(
      await callOf(people.firstReader.client, 'save_read', { ...draft, expected_version: read.version }),
    ).toBe('PT409');
    expect(
      await callOf(people.secondReader.client, 'save_read', { ...draft, expected_version: read.version + 1 }),
    ).toBe(DENIED);
  });

  it('after the second reader sends: the first, still reading, is blind to it; a counsellor sees it', async () => {
    await send(people.secondReader, 1);
    expect(await readsOfApplication()).toEqual({
      anon: DENIED,
      applicant: 0,
      firstReader: 1,
      secondReader: 1,
      counsellor: 1,
      admin: 2,
    });
    const results = await people.firstReader.client.rpc('read_results', { application_ids: [applicationId] });
    expect(results.data?.[0]).toMatchObject({ blind: true, mean_total: null, reads_submitted: 1 });
  });

  it('after both send: every member of staff sees both, the applicant still none', async () => {
    await send(people.firstReader, 5);
    expect(await readsOfApplication()).toEqual({
      anon: DENIED,
      applicant: 0,
      firstReader: 2,
      secondReader: 2,
      counsellor: 2,
      admin: 2,
    });
    const results = await people.counsellor.client.rpc('read_results', { application_ids: [applicationId] });
    expect(results.data?.[0]).toMatchObject({ blind: false, reads_submitted: 2, disagreement: true });
    expect(Number(results.data?.[0]?.mean_total)).toBe(50);
  });

  it('ranks the intake for staff only', async () => {
    const ranked = await eachOf(callers, async (client) => {
      const { data, error } = await client.rpc('committee_ranking', { intake_id: intakeId });
      return error ? String(error.code) : (data ?? []).length;
    });
    expect(ranked).toEqual({
      anon: DENIED,
      applicant: DENIED,
      firstReader: 1,
      secondReader: 1,
      counsellor: 1,
      admin: 1,
    });
  });

  it('keep scoresheets, reader settings and conflicts from applicants', async () => {
    const sheets = await eachOf(callers, (client) => rowsOf(client, 'scoresheets'));
    expect(sheets).toEqual({
      anon: DENIED,
      applicant: 0,
      firstReader: 1,
      secondReader: 1,
      counsellor: 1,
      admin: 1,
    });
    await people.admin.client.rpc('set_reader_settings', {
      reader: people.firstReader.id,
      max_open_reads: 3,
      paused: false,
    });
    const settings = await eachOf(callers, (client) => rowsOf(client, 'reader_settings'));
    expect(settings).toEqual({
      anon: DENIED,
      applicant: 0,
      firstReader: 1,
      secondReader: 0,
      counsellor: 0,
      admin: 1,
    });
    expect(await callOf(people.counsellor.client, 'reader_progress')).toBe(DENIED);
    expect(await callOf(people.admin.client, 'reader_progress')).toBe('ok');
  });

  it('reach the applicant’s data export once the decision is released, without naming the readers', async () => {
    const before = await people.applicant.client.rpc('my_assessment_records');
    expect(before.data).toEqual([]);
    await stack.db.query(
      `insert into public.application_decisions (application_id, outcome, from_status, state, approved_at, released_at)
       values ($1, 'waitlisted', 'under_review', 'released', now(), now())`,
      [applicationId],
    );
    const after = await people.applicant.client.rpc('my_assessment_records');
    expect(after.error).toBeNull();
    const records = (after.data ?? []) as { read_number: number; total: string; recommendation: string }[];
    expect(records.map((row) => [row.read_number, Number(row.total), row.recommendation])).toEqual([
      [1, 0, 'Recommend'],
      [2, 100, 'Recommend'],
    ]);
    expect((after.data as { comments: unknown }[])[0]?.comments).toEqual({ fit: 'Seen in person.' });
    expect(JSON.stringify(after.data)).not.toContain(people.firstReader.id);
    const stranger = await people.counsellor.client.rpc('my_assessment_records');
    expect(stranger.data).toEqual([]);
  });
});
