import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { storeCheckedFile } from '../../../src/features/applications/file-store.server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  BUCKET,
  course,
  decide,
  intake,
  move,
  pdfBytes,
  person,
  submitted,
  type Person,
} from './fixtures.ts';

let stack: RunningStack;
let victim: Person;
let intruder: Person;
let anonymous: SupabaseClient;
let appId: string;
let offerId: string;
let docId: string;
let decisionId: string;
let intakeId: string;
let filePath: string;

beforeAll(async () => {
  stack = await startTestStack();
  victim = await person(stack);
  intruder = await person(stack);
  const counsellor = await person(stack, ['counsellor']);
  anonymous = clientFor(stack);
  const courseId = await course(stack);
  const admin = await person(stack, ['admin']);
  intakeId = await intake(stack, courseId);
  appId = (await submitted(victim, courseId, intakeId)).id;
  offerId = (await submitted(victim, courseId, await intake(stack, courseId))).id;
  await move(counsellor, offerId, 'under_review');
  await decide(admin, offerId, 'offer_unconditional', {
    override_reason: 'Documents seen in person',
    release: true,
  });
  await move(counsellor, appId, 'under_review');
  decisionId = ((await decide(counsellor, appId, 'waitlisted')).data as { id: string }).id;
  await counsellor.client
    .from('application_notes')
    .insert({ application_id: appId, body: 'Check the grades.' });
  const { data } = await victim.client
    .from('application_documents')
    .select('id, storage_path')
    .eq('application_id', appId);
  const doc = (data as { id: string; storage_path: string }[])[0];
  docId = doc?.id ?? '';
  filePath = doc?.storage_path ?? '';
});
afterAll(() => stack.stop());

describe("another applicant cannot reach someone else's application", () => {
  it('reads nothing through REST', async () => {
    for (const client of [intruder.client, anonymous]) {
      const reads = await Promise.all([
        client.from('applications').select('*').eq('id', appId),
        client.from('application_documents').select('*').eq('application_id', appId),
        client.from('application_status_history').select('*').eq('application_id', appId),
        client.from('application_notes').select('*').eq('application_id', appId),
        client.from('notification_outbox').select('*'),
        client.from('notification_events').select('*').eq('application_id', appId),
      ]);
      for (const read of reads) expect(read.data ?? []).toEqual([]);
    }
  });

  it('changes nothing through REST', async () => {
    const update = await intruder.client
      .from('applications')
      .update({ answers: {} })
      .eq('id', appId)
      .select();
    const remove = await intruder.client.from('applications').delete().eq('id', appId).select();
    const removeDoc = await intruder.client.from('application_documents').delete().eq('id', docId).select();
    expect([update.data, remove.data, removeDoc.data]).toEqual([[], [], []]);
    const target = await stack.db.query<{ course_id: string; intake_id: string }>(
      'select course_id, intake_id from public.applications where id = $1',
      [appId],
    );
    const planted = await intruder.client
      .from('applications')
      .insert({ ...target.rows[0], applicant_id: victim.id });
    expect(planted.error?.code).toBe('42501');
    const stillThere = await stack.db.query(
      'select count(*)::int as n from public.application_documents where id = $1',
      [docId],
    );
    expect(stillThere.rows).toEqual([{ n: 1 }]);
  });

  it('acts on nothing through RPC, and learns nothing from the errors', async () => {
    const calls = [
      intruder.client.rpc('submit_application', { application_id: appId }),
      intruder.client.rpc('withdraw_application', { application_id: appId, reason: 'gotcha' }),
      intruder.client.rpc('respond_to_offer', { application_id: offerId, accept: false }),
      intruder.client.rpc('withdraw_application', { application_id: crypto.randomUUID() }),
    ];
    const results = await Promise.all(calls);
    for (const result of results) expect(result.error?.message).toBe('Application not found.');
    const staffOnly = await Promise.all([
      intruder.client.rpc('transition_application', {
        application_id: appId,
        to_status: 'action_required',
        expected_version: 1,
        note: 'x',
      }),
      intruder.client.rpc('review_document', {
        document_id: docId,
        status: 'rejected',
        expected_version: 1,
        reason: 'x',
      }),
      intruder.client.rpc('assign_application', {
        application_id: appId,
        assignee: intruder.id,
        expected_version: 1,
      }),
      intruder.client.rpc('decide_application', {
        application_id: appId,
        expected_version: 1,
        outcome: 'offer_unconditional',
      }),
      intruder.client.rpc('approve_decision', {
        decision_id: decisionId,
        expected_version: 1,
        release: true,
      }),
      intruder.client.rpc('release_decision', { decision_id: decisionId, expected_version: 1 }),
      intruder.client.rpc('cancel_decision', { decision_id: decisionId, expected_version: 1 }),
      intruder.client.rpc('move_on_waitlist', {
        application_id: appId,
        expected_version: 1,
        direction: 'up',
      }),
      intruder.client.rpc('publish_decisions', { intake_id: intakeId }),
      intruder.client.rpc('preview_decision', { application_id: appId, outcome: 'offer_unconditional' }),
      intruder.client.rpc('staff_intake_places', { intake_id: intakeId }),
      intruder.client.rpc('dismiss_place_alert', { alert_id: crypto.randomUUID() }),
      intruder.client.rpc('expire_offers'),
    ]);
    for (const result of staffOnly) expect(result.error?.code).toBe('42501');
    const untouched = await stack.db.query('select state from public.application_decisions where id = $1', [
      decisionId,
    ]);
    expect(untouched.rows).toEqual([{ state: 'recommended' }]);
    const still = await stack.db.query('select status from public.applications where id = $1', [appId]);
    expect(still.rows).toEqual([{ status: 'under_review' }]);
    const preflight = await intruder.client.rpc('validate_document_upload', {
      application_id: appId,
      kind: 'passport',
      file_name: 'a.pdf',
      file_size: 10,
      content_type: 'application/pdf',
    });
    expect(preflight.data).toEqual({ valid: false, error: 'Application not found.' });
    const states = await stack.db.query<{ status: string }>(
      'select status from public.applications where id = any($1::uuid[]) order by status',
      [[appId, offerId]],
    );
    expect(states.rows.map((r) => r.status)).toEqual(['offer_unconditional', 'under_review']);
  });

  it('reaches no file through Storage', async () => {
    for (const client of [intruder.client, anonymous]) {
      const files = client.storage.from(BUCKET);
      expect((await files.download(filePath)).data).toBeNull();
      expect((await files.createSignedUrl(filePath, 60)).data).toBeNull();
      expect((await files.list(filePath.split('/').slice(0, 2).join('/'))).data ?? []).toEqual([]);
      const planted = await files.upload(
        `${victim.id}/${appId}/${crypto.randomUUID()}-planted.pdf`,
        pdfBytes(),
        { contentType: 'application/pdf' },
      );
      expect(planted.error).not.toBeNull();
      await files.remove([filePath]);
    }
    const own = await victim.client.storage.from(BUCKET).download(filePath);
    expect(own.data?.size).toBeGreaterThan(0);
  });

  it('cannot have the app store a file in a folder of its own named after the other application', async () => {
    const path = `${intruder.id}/${appId}/${crypto.randomUUID()}-mine.pdf`;
    const stored = await storeCheckedFile(
      intruder.client,
      intruder.writer,
      'can_upload_application_file',
      path,
      new File([pdfBytes()], 'mine.pdf'),
      'application/pdf',
    );
    expect(stored).toBe('refused');
    expect((await victim.client.storage.from(BUCKET).download(path)).data).toBeNull();
  });
});
