import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  course,
  intake,
  pdfBytes,
  person,
  readyDraft,
  submitted,
  type Person,
} from '../applications/fixtures.ts';
import { DENIED, eachOf, rowsOf } from '../admin/support.ts';

let stack: RunningStack;
let owner: Person;
let outsider: Person;
let counsellor: Person;
let admin: Person;
let applicationId = '';
let courseId = '';
let callers: Record<string, SupabaseClient>;

/** The private link's token in the newest request e-mail to `to`, as the referee receives it. */
async function tokenFor(to: string): Promise<string> {
  const { rows } = await stack.db.query<{ token: string }>(
    `select substring(body from '/reference/([A-Za-z0-9_-]{32})') as token from public.notification_outbox
     where recipient = $1 and kind = 'referee_request' order by created_at desc limit 1`,
    [to],
  );
  return rows[0]?.token ?? '';
}

async function ask(name: string, email: string, waived: boolean): Promise<{ id: string; token: string }> {
  const { data, error } = await owner.client.rpc('request_reference', {
    application_id: applicationId,
    referee_name: name,
    referee_email: email,
    relationship: 'Teacher',
    waived,
  });
  expect(error).toBeNull();
  return { id: (data as { id: string }).id, token: await tokenFor(email) };
}

beforeAll(async () => {
  stack = await startTestStack();
  [owner, outsider, counsellor, admin] = await Promise.all([
    person(stack),
    person(stack),
    person(stack, ['counsellor']),
    person(stack, ['admin']),
  ]);
  courseId = await course(stack);
  const intakeId = await intake(stack, courseId);
  await stack.db.query('update public.intakes set references_min = 1, references_max = 4 where id = $1', [
    intakeId,
  ]);
  applicationId = (await submitted(owner, courseId, intakeId)).id;
  callers = {
    anon: clientFor(stack),
    outsider: outsider.client,
    applicant: owner.client,
    counsellor: counsellor.client,
    admin: admin.client,
  };
});
afterAll(() => stack.stop());

describe('references through the API', () => {
  it('show requests to their applicant and staff, letters to staff and to an applicant who did not waive', async () => {
    const waived = await ask('Ada Marsh', 'ada@referee.test', true);
    const open = await ask('Ben Okafor', 'ben@referee.test', false);
    const referee = clientFor(stack);
    for (const link of [waived, open]) {
      const { data, error } = await referee.rpc('referee_submit_form', {
        token: link.token,
        relationship: 'Their teacher for two years',
        general: 'A careful, curious student who finishes what they start and helps others do the same.',
        circumstances: '',
        suitability: 'They build models every week.',
      });
      expect([error, data]).toEqual([null, 'received']);
    }
    const filter = { application_id: applicationId };
    expect(await eachOf(callers, (client) => rowsOf(client, 'reference_requests', filter))).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 2,
      counsellor: 2,
      admin: 2,
    });
    expect(await eachOf(callers, (client) => rowsOf(client, 'reference_letters', filter))).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 1,
      counsellor: 2,
      admin: 2,
    });
    const { data } = await owner.client.from('reference_letters').select('request_id');
    expect(data?.map((row) => row.request_id)).toEqual([open.id]);
    expect(await eachOf(callers, (client) => rowsOf(client, 'reference_tokens'))).toEqual({
      anon: DENIED,
      outsider: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: DENIED,
    });
  });

  it('lets a stored PDF be read by staff, not by the applicant who waived, nor anyone else', async () => {
    const link = await ask('Cleo Park', 'cleo@referee.test', true);
    const service = clientFor(stack, stack.serviceRoleKey);
    const path = `${link.id}/${crypto.randomUUID()}-letter.pdf`;
    const stored = await service.storage
      .from('reference-letters')
      .upload(path, pdfBytes(), { contentType: 'application/pdf' });
    expect(stored.error).toBeNull();
    const attached = await clientFor(stack).rpc('referee_attach_file', {
      token: link.token,
      storage_path: path,
      file_name: 'letter.pdf',
    });
    expect([attached.error, attached.data]).toEqual([null, 'received']);
    const signs = await eachOf(callers, async (client) => {
      const { error } = await client.storage.from('reference-letters').createSignedUrl(path, 60);
      return error ? 'refused' : 'signed';
    });
    expect(signs).toEqual({
      anon: 'refused',
      outsider: 'refused',
      applicant: 'refused',
      counsellor: 'signed',
      admin: 'signed',
    });
    const upload = await owner.client.storage
      .from('reference-letters')
      .upload(`${link.id}/${crypto.randomUUID()}-mine.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    expect(upload.error).not.toBeNull();
  });

  it('holds a draft back until its references arrive when the intake says so, and the waiver as sent', async () => {
    const strict = await intake(stack, courseId);
    await stack.db.query(
      'update public.intakes set references_min = 1, references_max = 1, submit_before_references = false where id = $1',
      [strict],
    );
    const draft = await readyDraft(outsider, courseId, strict);
    const early = await outsider.client.rpc('submit_application', { application_id: draft.id });
    expect(early.error?.message).toBe(
      'This course needs your references before you submit: 0 of 1 reference received. Your referees write through the link they were sent.',
    );
    const asked = await outsider.client.rpc('request_reference', {
      application_id: draft.id,
      referee_name: 'Eve Stone',
      referee_email: 'eve@referee.test',
      relationship: 'Coach',
      waived: false,
    });
    expect(asked.error).toBeNull();
    const sent = await clientFor(stack).rpc('referee_submit_form', {
      token: await tokenFor('eve@referee.test'),
      relationship: 'Their coach for four years',
      general: 'Reliable, generous with teammates and steady under pressure, in training and in matches.',
      circumstances: '',
      suitability: 'They plan every season like a project.',
    });
    expect(sent.data).toBe('received');
    const submittedNow = await outsider.client.rpc('submit_application', { application_id: draft.id });
    expect(submittedNow.error).toBeNull();
    const changed = await outsider.client
      .from('reference_requests')
      .update({ waived: true })
      .eq('application_id', draft.id)
      .select('id');
    expect(changed.error?.code).toBe('42501');
  });

  it('answers a made-up or withdrawn link with nothing, and lets no one else withdraw', async () => {
    const referee = clientFor(stack);
    expect((await referee.rpc('referee_view', { token: 'A'.repeat(32) })).data).toBeNull();
    const link = await ask('Dan Reyes', 'dan@referee.test', false);
    expect((await referee.rpc('referee_view', { token: link.token })).data).toMatchObject({
      status: 'opened',
    });
    const stranger = await outsider.client.rpc('withdraw_reference_request', { request_id: link.id });
    expect(stranger.error?.message).toBe('Reference request not found.');
    expect((await owner.client.rpc('withdraw_reference_request', { request_id: link.id })).error).toBeNull();
    expect((await referee.rpc('referee_view', { token: link.token })).data).toBeNull();
    const late = await referee.rpc('referee_respond', { token: link.token, accept: true });
    expect([late.error, late.data]).toEqual([null, null]);
  });
  it('shows the referee what the link is for, and the link to nobody else', async () => {
    const link = await ask('Fay Lund', 'fay@referee.test', true);
    const referee = clientFor(stack);
    const seen = await referee.rpc('referee_view', { token: link.token });
    expect(seen.error).toBeNull();
    expect(seen.data).toMatchObject({
      request_id: link.id,
      referee_name: 'Fay Lund',
      applicant_name: 'Amara Okafor',
      course: 'Applied Testing',
      status: 'opened',
      letter: null,
    });
    expect(Object.keys(seen.data as object).sort()).toEqual([
      'applicant_name',
      'course',
      'due_on',
      'letter',
      'note',
      'referee_name',
      'relationship',
      'request_id',
      'reuse_of',
      'status',
      'university',
    ]);
    const altered = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    for (const client of [referee, outsider.client]) {
      const wrong = await client.rpc('referee_view', { token: altered });
      expect([wrong.error, wrong.data]).toEqual([null, null]);
    }
    const { data: opened } = await owner.client
      .from('reference_requests')
      .select('status, opened_at')
      .eq('id', link.id)
      .single();
    expect(opened?.status).toBe('opened');
    expect(opened?.opened_at).not.toBeNull();
    expect(
      await eachOf(callers, (client) =>
        rowsOf(client, 'notification_outbox', { recipient: 'fay@referee.test' }),
      ),
    ).toEqual({ anon: DENIED, outsider: 0, applicant: 0, counsellor: 0, admin: 0 });
    expect(await eachOf(callers, (client) => rowsOf(client, 'reference_reminders_sent'))).toEqual({
      anon: DENIED,
      outsider: DENIED,
      applicant: DENIED,
      counsellor: DENIED,
      admin: DENIED,
    });
    expect(await eachOf(callers, (client) => rowsOf(client, 'reference_requests', { id: link.id }))).toEqual({
      anon: DENIED,
      outsider: 0,
      applicant: 1,
      counsellor: 1,
      admin: 1,
    });
  });
});
