import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { LEAVES_ROOM } from '../../../src/features/applications/application-data.server.ts';
import { APPLICATION_STATUSES } from '../../../src/lib/application-status.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  attach,
  course,
  decide,
  draft,
  intake,
  move,
  person,
  readyDraft,
  submitted,
  verifyDocuments,
  versionOf,
  type Person,
} from './fixtures.ts';

let stack: RunningStack;
let applicant: Person;
let counsellor: Person;
let admin: Person;
let courseId: string;
let intakeId: string;

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  counsellor = await person(stack, ['counsellor']);
  admin = await person(stack, ['admin']);
  courseId = await course(stack);
  intakeId = await intake(stack, courseId);
});
afterAll(() => stack.stop());

const submit = (who: Person, id: string) => who.client.rpc('submit_application', { application_id: id });

async function restStatus(who: Person, fn: string, args: Record<string, unknown>) {
  const response = await fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${(await who.client.auth.getSession()).data.session?.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: (await response.json()) as { message: string; details: string } };
}

describe('submission refuses with the reasons', () => {
  it('lists every missing answer and document, as a 400', async () => {
    const app = await draft(applicant, courseId, intakeId, {
      personal: { full_name: 'Amara' },
      statement: 'Too short.',
    });
    await attach(applicant, app.id, 'passport');
    const { status, body } = await restStatus(applicant, 'submit_application', { application_id: app.id });
    expect(status).toBe(400);
    expect(body.message).toBe(
      'The application is incomplete. Missing: your date of birth, your nationality, at least one academic ' +
        'qualification, an English test result, a personal statement of 300 to 5,000 characters, the transcript document.',
    );
    expect(JSON.parse(body.details)).toEqual({
      answers: ['personal.date_of_birth', 'personal.nationality', 'academic', 'english_test', 'statement'],
      documents: ['transcript'],
    });
    const after = await applicant.client.from('applications').select('status, reference').eq('id', app.id);
    expect(after.data).toEqual([{ status: 'draft', reference: null }]);
  });

  it('does not count a rejected document as present', async () => {
    const other = await intake(stack, courseId);
    const app = await readyDraft(applicant, courseId, other);
    const { data: docs } = await applicant.client
      .from('application_documents')
      .select('id, kind')
      .eq('application_id', app.id);
    const transcript = (docs as { id: string; kind: string }[]).find((d) => d.kind === 'transcript');
    const rejected = await counsellor.client.rpc('review_document', {
      document_id: transcript?.id,
      status: 'rejected',
      expected_version: await versionOf(counsellor, app.id),
      reason: 'Blurred.',
    });
    expect(rejected.error).toBeNull();
    const { error } = await submit(applicant, app.id);
    expect(error?.message).toMatch(/Missing: the transcript document\.$/);
  });

  it('refuses after the deadline, before opening and on a closed intake', async () => {
    const late = await readyDraft(applicant, courseId, await intake(stack, courseId, { deadlineDays: 5 }));
    await stack.db.query(
      `update public.intakes set opens_at = current_date - 20, deadline = current_date - 1 where id =
        (select intake_id from public.applications where id = $1)`,
      [late.id],
    );
    expect((await submit(applicant, late.id)).error?.message).toMatch(
      /^The deadline for this intake \(\d{4}-\d\d-\d\d\) has passed\.$/,
    );

    const early = await readyDraft(applicant, courseId, await intake(stack, courseId, { opensDays: 3 }));
    expect((await submit(applicant, early.id)).error?.message).toMatch(
      /^Applications for this intake open on /,
    );

    const closedIntake = await intake(stack, courseId);
    const closed = await readyDraft(applicant, courseId, closedIntake);
    await stack.db.query(`update public.intakes set status = 'closed' where id = $1`, [closedIntake]);
    expect((await submit(applicant, closed.id)).error?.message).toBe(
      'This intake is not accepting applications.',
    );
  });

  it('takes every submission while the intake is open: places are used by offers, not applications', async () => {
    const small = await intake(stack, courseId, { capacity: 1 });
    const first = await submitted(applicant, courseId, small);
    const rival = await person(stack);
    const second = await readyDraft(rival, courseId, small);
    expect((await submit(rival, second.id)).error).toBeNull();

    for (const id of [first.id, second.id]) {
      await move(counsellor, id, 'under_review');
      await verifyDocuments(counsellor, id);
    }
    expect((await decide(counsellor, first.id, 'offer_unconditional')).data).toMatchObject({
      state: 'recommended',
    });
    const beyond = await decide(counsellor, second.id, 'offer_unconditional');
    expect(beyond.error?.message).toBe(
      'No place is left for another offer: 1 place, and 1 offer or acceptance is already held. An administrator can override this with a reason.',
    );
    const overridden = await decide(admin, second.id, 'offer_unconditional', {
      override_reason: 'A second place is funded by the partner school',
    });
    expect(overridden.data).toMatchObject({
      state: 'approved',
      override_reason: 'A second place is funded by the partner school',
    });
  });

  it('allows one draft per intake and refuses a second submission', async () => {
    const own = await intake(stack, courseId);
    const app = await submitted(applicant, courseId, own);
    expect((await submit(applicant, app.id)).error?.message).toBe(
      'Cannot move an application from submitted to submitted.',
    );
    await draft(applicant, courseId, own);
    await expect(draft(applicant, courseId, own)).rejects.toMatchObject({ code: '23505' });
  });
});

describe('status changes go through the lifecycle functions only', () => {
  it('ignores or refuses a direct status write by the applicant', async () => {
    const app = await draft(applicant, courseId, await intake(stack, courseId));
    const direct = await applicant.client
      .from('applications')
      .update({ status: 'offer_unconditional' })
      .eq('id', app.id)
      .select();
    expect(direct.error?.code).toBe('42501');
    const reference = await applicant.client
      .from('applications')
      .update({ reference: 'UP-2027-AAAAAA' })
      .eq('id', app.id)
      .select();
    expect(reference.error?.code).toBe('42501');
    const asRpc = await restStatus(applicant, 'decide_application', {
      application_id: app.id,
      expected_version: 1,
      outcome: 'offer_unconditional',
    });
    expect(asRpc.status).toBe(403);
    const row = await stack.db.query('select status, reference from public.applications where id = $1', [
      app.id,
    ]);
    expect(row.rows).toEqual([{ status: 'draft', reference: null }]);
  });

  it('refuses applicant edits once submitted', async () => {
    const app = await submitted(applicant, courseId, await intake(stack, courseId));
    const edit = await applicant.client
      .from('applications')
      .update({ answers: {} })
      .eq('id', app.id)
      .select();
    expect(edit.data).toEqual([]);
    const removed = await applicant.client.from('applications').delete().eq('id', app.id).select();
    expect(removed.data).toEqual([]);
  });

  it('lets staff make the allowed moves only, with clear errors', async () => {
    const app = await submitted(applicant, courseId, await intake(stack, courseId));
    const illegal = await restStatus(counsellor, 'transition_application', {
      application_id: app.id,
      to_status: 'offer_unconditional',
      expected_version: await versionOf(counsellor, app.id),
    });
    expect([illegal.status, illegal.body.message]).toEqual([
      400,
      'Offers, the waiting list and unsuccessful outcomes are decisions: use the decision form.',
    ]);
    expect((await move(counsellor, app.id, 'enrolled')).error?.message).toBe(
      'Cannot move an application from submitted to enrolled.',
    );
    expect((await move(counsellor, app.id, 'under_review')).error).toBeNull();
    expect((await move(counsellor, app.id, 'action_required')).error?.message).toBe(
      'Say what the applicant must do: a note is required.',
    );
    expect((await decide(counsellor, app.id, 'offer_conditional')).error?.message).toBe(
      'A conditional offer needs its conditions. Every required document must be verified before an offer: Passport is not verified yet; Academic transcript is not verified yet. An administrator can override this with a reason.',
    );
    expect((await decide(counsellor, app.id, 'waitlisted')).data).toMatchObject({ state: 'recommended' });
    expect((await move(counsellor, app.id, 'accepted')).error?.message).toBe(
      'Cannot move an application from under_review to accepted.',
    );
    expect((await move(counsellor, app.id, 'no_such_status')).error?.message).toBe(
      'Cannot move an application from under_review to no_such_status.',
    );
    const stale = await counsellor.client.rpc('transition_application', {
      application_id: app.id,
      to_status: 'action_required',
      note: 'Send the transcript again.',
      expected_version: (await versionOf(counsellor, app.id)) - 1,
    });
    expect(stale.error?.code).toBe('PT409');
    expect(stale.error?.message).toMatch(
      /^.+ changed this application at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(recommended Waitlist\), after you opened it\./,
    );
  });

  it('answers offers only before the reply-by date, and expires them after', async () => {
    const app = await submitted(applicant, courseId, await intake(stack, courseId));
    await move(counsellor, app.id, 'under_review');
    await verifyDocuments(counsellor, app.id);
    expect((await decide(admin, app.id, 'offer_unconditional', { release: true })).error).toBeNull();
    await stack.db.query('update public.applications set reply_by = current_date - 1 where id = $1', [
      app.id,
    ]);
    const late = await applicant.client.rpc('respond_to_offer', { application_id: app.id, accept: true });
    expect(late.error?.message).toMatch(/^The reply-by date \(\d{4}-\d\d-\d\d\) has passed/);
    expect((await applicant.client.rpc('expire_offers')).error).not.toBeNull();
    const expired = await clientFor(stack, stack.serviceRoleKey).rpc('expire_offers');
    expect(expired.data).toBeGreaterThanOrEqual(1);
    const { data } = await applicant.client
      .from('application_status_history')
      .select('to_status, actor, actor_kind')
      .eq('application_id', app.id)
      .eq('to_status', 'expired');
    expect(data).toEqual([{ to_status: 'expired', actor: null, actor_kind: 'system' }]);
    const again = await applicant.client.rpc('withdraw_application', { application_id: app.id });
    expect(again.error?.message).toBe('Cannot move an application from expired to withdrawn.');
  });
});

describe('one application per intake', () => {
  it('“Apply now” and the database agree on which statuses leave room to apply again', async () => {
    const { rows } = await stack.db.query<{ status: string }>(
      'select s as status from unnest($1::text[]) s where not public.application_holds_intake(s) order by 1',
      [APPLICATION_STATUSES],
    );
    expect(rows.map((row) => row.status)).toEqual([...LEAVES_ROOM].sort());
  });
});
