import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, submitted, type Person } from '../applications/fixtures.ts';
import { DENIED, eachOf, rowsOf } from './support.ts';

let stack: RunningStack;
let counsellor: Person;
let admin: Person;
let applicants: Person[];
let applicationIds: string[];
let intakeId = '';
let slotId = '';

/** A wall-clock time in London `days` from now, as the slot form sends it. */
const londonTime = (days: number, time: string) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}:00`;

beforeAll(async () => {
  stack = await startTestStack();
  counsellor = await person(stack, ['counsellor']);
  admin = await person(stack, ['admin']);
  const courseId = await course(stack);
  intakeId = await intake(stack, courseId);
  applicants = [];
  applicationIds = [];
  for (let n = 0; n < 8; n += 1) {
    const applicant = await person(stack);
    applicants.push(applicant);
    applicationIds.push((await submitted(applicant, courseId, intakeId)).id);
  }
  const made = await counsellor.client.rpc('create_interview_slots', {
    intake_id: intakeId,
    starts: [londonTime(12, '09:00')],
    duration_minutes: 30,
    time_zone: 'Europe/London',
    location: 'Room 2',
    online: false,
    interviewer: counsellor.id,
    seats: 1,
    cutoff_hours: 24,
  });
  expect(made.error).toBeNull();
  const { data } = await counsellor.client.from('interview_slots').select('id').eq('intake_id', intakeId);
  slotId = (data ?? [])[0]?.id ?? '';
  const invited = await counsellor.client.rpc('invite_to_interview', { application_ids: applicationIds });
  expect(invited.data).toBe(8);
});
afterAll(() => stack.stop());

describe('interviews through the API', () => {
  it('give the last seat to exactly one of many applicants booking at once', async () => {
    const answers = await Promise.all(
      applicants.map((applicant, index) =>
        applicant.client.rpc('book_interview', { application_id: applicationIds[index], slot_id: slotId }),
      ),
    );
    const booked = answers.filter((answer) => !answer.error);
    const refused = answers.filter((answer) => answer.error);
    expect(booked).toHaveLength(1);
    expect(refused.map((answer) => answer.error?.message)).toEqual(
      refused.map(() => 'Someone has just taken the last seat at this time. Choose another time.'),
    );
    const { rows } = await stack.db.query<{ taken: number }>(
      'select count(*)::integer as taken from public.interview_bookings where slot_id = $1 and cancelled_at is null',
      [slotId],
    );
    expect(rows[0]?.taken).toBe(1);
  });

  it('show the slots to staff and invited applicants, and the bookings (with their scores) to staff only', async () => {
    const outsider = await person(stack);
    const callers: Record<string, SupabaseClient> = {
      anon: clientFor(stack),
      outsider: outsider.client,
      applicant: applicants[0]?.client as SupabaseClient,
      counsellor: counsellor.client,
      admin: admin.client,
    };
    expect(
      await eachOf(callers, (client) => rowsOf(client, 'interview_slots', { intake_id: intakeId })),
    ).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 1,
      counsellor: 1,
      admin: 1,
    });
    expect(
      await eachOf(callers, (client) => rowsOf(client, 'interview_bookings', { slot_id: slotId })),
    ).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 0,
      counsellor: 1,
      admin: 1,
    });
    expect(await eachOf(callers, (client) => rowsOf(client, 'interview_invitations'))).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 1,
      counsellor: 8,
      admin: 8,
    });
  });
});
