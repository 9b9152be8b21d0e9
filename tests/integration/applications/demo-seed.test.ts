import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../../../supabase/seed/demo-accounts.ts';
import { DEMO_APPLICATION_ID } from '../../../supabase/seed/demo-applications.ts';
import {
  DEMO_CASES,
  DEMO_CONDITIONS,
  demoDocuments,
  type DemoState,
} from '../../../supabase/seed/demo-cases.ts';
import { readDemoDocument } from '../../../supabase/seed/demo-documents.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

async function signedIn(email: string): Promise<SupabaseClient> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  const client = clientFor(stack);
  const { error } = await client.auth.signInWithPassword({ email, password: account?.password ?? '' });
  expect(error).toBeNull();
  return client;
}

const demo = (state: DemoState) => {
  const found = DEMO_CASES.find((candidate) => candidate.state === state);
  if (!found) throw new Error(`no demo case ${state}`);
  return found;
};

const history = async (client: SupabaseClient, id: string) =>
  (
    await client
      .from('application_status_history')
      .select('to_status, actor_kind, note')
      .eq('application_id', id)
      .order('id')
  ).data;

describe('the demo application from the seed', () => {
  it('is on the demo applicant dashboard, submitted by them, and no other applicant sees it', async () => {
    const client = await signedIn('applicant@unipath.test');
    const { data } = await client.from('applications').select('id, status, reference, answers');
    expect(data).toEqual([
      {
        id: DEMO_APPLICATION_ID,
        status: 'submitted',
        reference: expect.stringMatching(/^UP-\d{4}-[2-9A-HJ-NP-Z]{6}$/),
        answers: expect.objectContaining({
          personal: expect.objectContaining({ full_name: 'Amara Okafor' }),
        }),
      },
    ]);
    const timeline = await client
      .from('application_status_history')
      .select('from_status, to_status, actor_kind');
    expect(timeline.data).toEqual([
      { from_status: 'draft', to_status: 'submitted', actor_kind: 'applicant' },
    ]);

    const other = await signedIn('offer@unipath.test');
    expect((await other.from('applications').select('id').eq('id', DEMO_APPLICATION_ID)).data).toEqual([]);
    expect((await clientFor(stack).from('applications').select('id')).data ?? []).toEqual([]);
  });

  it('has every required document, and the applicant and staff download the real files', async () => {
    const client = await signedIn('applicant@unipath.test');
    const { data: documents } = await client
      .from('application_documents')
      .select('kind, file_name, status, size_bytes, content_type, storage_path')
      .eq('application_id', DEMO_APPLICATION_ID)
      .order('kind');
    const expected = demoDocuments(DEMO_CASES[0]!).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(documents).toEqual(
      expected.map((document) => ({
        kind: document.kind,
        file_name: document.fileName,
        status: 'uploaded',
        size_bytes: readDemoDocument(document).length,
        content_type: document.contentType,
        storage_path: document.key,
      })),
    );
    const { data: app } = await client.from('applications').select('course_id').single();
    const { data: required } = await client
      .from('document_requirements')
      .select('kind')
      .eq('course_id', app!.course_id)
      .eq('required', true)
      .order('kind');
    expect(required?.map((rule) => rule.kind)).toEqual(expected.map((document) => document.kind));

    for (const document of expected) {
      const download = await client.storage.from('application-documents').download(document.key);
      expect(download.error).toBeNull();
      expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(readDemoDocument(document));
    }

    const staff = await signedIn('counsellor@unipath.test');
    const passport = expected.find((document) => document.kind === 'passport')!;
    const signed = await staff.storage.from('application-documents').createSignedUrl(passport.key, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(readDemoDocument(passport));

    const stranger = await signedIn('waitlist@unipath.test');
    const refused = await stranger.storage.from('application-documents').download(passport.key);
    expect(refused.data).toBeNull();
  });
});

describe('choices in the seed', () => {
  it('keeps every application made as one a group of its own first choice', async () => {
    const { rows } = await stack.db.query<{ id: string; group_id: string; choice_rank: number }>(
      'select id, group_id, choice_rank from public.applications where id = any($1) order by id',
      [DEMO_CASES.map((entry) => entry.id)],
    );
    expect(rows).toEqual(
      [...DEMO_CASES]
        .map((entry) => ({ id: entry.id, group_id: entry.id, choice_rank: 1 }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('shows an applicant with three choices in different states, each choice with its own reference', async () => {
    const client = await signedIn(demo('offer').account.email);
    const { data } = await client
      .from('applications')
      .select('choice_rank, status, reference, group_id')
      .order('choice_rank');
    expect(data?.map((row) => [row.choice_rank, row.status])).toEqual([
      [1, 'offer_conditional'],
      [2, 'under_review'],
      [3, 'draft'],
    ]);
    expect(new Set(data?.map((row) => row.group_id))).toEqual(new Set([demo('offer').id]));
    expect(new Set(data?.slice(0, 2).map((row) => row.reference)).size).toBe(2);
    const { data: letGo } = await client.rpc('preview_accept_offer', { application_id: demo('offer').id });
    expect((letGo as { becomes: string }[] | null)?.map((row) => row.becomes)).toEqual([
      'withdrawn',
      'removed',
    ]);
  });
});

describe('the decision states from the seed', () => {
  it('lets each applicant read only their own application; staff read all of them', async () => {
    for (const { account, id } of DEMO_CASES) {
      const client = await signedIn(account.email);
      const { data } = await client.from('applications').select('group_id');
      expect(new Set(data?.map((row) => row.group_id))).toEqual(new Set([id]));
    }
    for (const email of ['counsellor@unipath.test', 'admin@unipath.test']) {
      const staff = await signedIn(email);
      const { data } = await staff
        .from('applications')
        .select('id')
        .in(
          'id',
          DEMO_CASES.map((entry) => entry.id),
        );
      expect(data).toHaveLength(DEMO_CASES.length);
    }
  });

  it('holds the batch intake’s approved decisions: its applicants see Under review and no decision', async () => {
    const held = [demo('held_offer'), demo('held_unsuccessful')];
    for (const entry of held) {
      const client = await signedIn(entry.account.email);
      const { data } = await client
        .from('applications')
        .select('status, offer_conditions, outcome_reason, reply_by')
        .single();
      expect(data).toEqual({
        status: 'under_review',
        offer_conditions: null,
        outcome_reason: null,
        reply_by: expect.anything(),
      });
      expect((await client.from('application_decisions').select('id')).data).toEqual([]);
      expect((await history(client, entry.id))?.map((row) => row.to_status)).toEqual([
        'submitted',
        'under_review',
      ]);
    }

    const admin = await signedIn('admin@unipath.test');
    const { data: decisions } = await admin
      .from('application_decisions')
      .select('application_id, outcome, state, recommended_by, approved_by, reason_detail')
      .in(
        'application_id',
        held.map((entry) => entry.id),
      )
      .order('application_id');
    const [counsellor, administrator] = [
      DEMO_ACCOUNTS.find((account) => account.role === 'counsellor')!,
      DEMO_ACCOUNTS.find((account) => account.role === 'admin')!,
    ];
    expect(decisions).toEqual([
      {
        application_id: demo('held_offer').id,
        outcome: 'offer_conditional',
        state: 'approved',
        recommended_by: counsellor.id,
        approved_by: administrator.id,
        reason_detail: null,
      },
      {
        application_id: demo('held_unsuccessful').id,
        outcome: 'rejected',
        state: 'approved',
        recommended_by: administrator.id,
        approved_by: administrator.id,
        reason_detail: expect.stringContaining('interview'),
      },
    ]);
    const { data: app } = await admin.from('applications').select('intake_id').eq('id', held[0]!.id).single();
    const { data: intake } = await admin
      .from('intakes')
      .select('release_mode, status')
      .eq('id', app!.intake_id)
      .single();
    expect(intake).toEqual({ release_mode: 'batch', status: 'open' });
    const places = await admin.rpc('staff_intake_places', { intake_id: app!.intake_id });
    expect(places.data).toEqual([
      expect.objectContaining({ unreleased: 2, offers_out: 0, pending_offers: 1 }),
    ]);
  });

  it('gives every demo condition a deadline before its course starts', async () => {
    const { rows } = await stack.db.query<{ deadline: string; start_date: string }>(
      `select oc.deadline::text, i.start_date::text from public.offer_conditions oc
       join public.applications a on a.id = oc.application_id join public.intakes i on i.id = a.intake_id
       where a.id = any($1::uuid[])`,
      [DEMO_CASES.map((demoCase) => demoCase.id)],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.deadline < row.start_date).toBe(true);
    expect(DEMO_CONDITIONS).not.toMatch(/\b20\d\d\b/);
  });

  it('has a released conditional offer the applicant can answer', async () => {
    const entry = demo('offer');
    const client = await signedIn(entry.account.email);
    const { data } = await client
      .from('applications')
      .select('status, offer_conditions, reply_by')
      .eq('id', entry.id)
      .single();
    expect(data).toEqual({
      status: 'offer_conditional',
      offer_conditions: DEMO_CONDITIONS,
      reply_by: expect.any(String),
    });
    expect(data!.reply_by >= new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('has a waitlisted application with its history, first on its intake’s waiting list', async () => {
    const entry = demo('waitlisted');
    const client = await signedIn(entry.account.email);
    const { data } = await client.from('applications').select('status, waitlist_rank').single();
    expect(data).toEqual({ status: 'waitlisted', waitlist_rank: 1 });
    expect(await history(client, entry.id)).toEqual([
      { to_status: 'submitted', actor_kind: 'applicant', note: 'Application submitted.' },
      { to_status: 'under_review', actor_kind: 'admissions', note: 'Review started.' },
      { to_status: 'waitlisted', actor_kind: 'admissions', note: 'Placed on the waiting list.' },
    ]);
  });

  it('has an accepted conditional offer whose conditions are pending, with its history', async () => {
    const entry = demo('conditions_pending');
    const client = await signedIn(entry.account.email);
    const { data } = await client
      .from('applications')
      .select('status, offer_conditions, conditions_met_at')
      .single();
    expect(data).toEqual({
      status: 'conditions_pending',
      offer_conditions: DEMO_CONDITIONS,
      conditions_met_at: null,
    });
    expect(await history(client, entry.id)).toEqual([
      { to_status: 'submitted', actor_kind: 'applicant', note: 'Application submitted.' },
      { to_status: 'under_review', actor_kind: 'admissions', note: 'Review started.' },
      {
        to_status: 'offer_conditional',
        actor_kind: 'admissions',
        note: `Conditional offer made. Conditions: ${DEMO_CONDITIONS}`,
      },
      { to_status: 'conditions_pending', actor_kind: 'applicant', note: 'Offer accepted.' },
    ]);
  });
});
