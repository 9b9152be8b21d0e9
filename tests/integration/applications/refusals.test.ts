import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { attach, course, draft, intake, person, readyDraft, submitted, type Person } from './fixtures.ts';

let stack: RunningStack;
let applicant: Person;
let counsellor: Person;
let courseId: string;
let intakeId: string;

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  counsellor = await person(stack, ['counsellor']);
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
    await counsellor.client.rpc('review_document', {
      document_id: transcript?.id,
      status: 'rejected',
      reason: 'Blurred.',
    });
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

  it('refuses once the intake is full, and a withdrawal frees the place', async () => {
    const small = await intake(stack, courseId, { capacity: 1 });
    const first = await submitted(applicant, courseId, small);
    const rival = await person(stack);
    const second = await readyDraft(rival, courseId, small);
    const { status, body } = await restStatus(rival, 'submit_application', { application_id: second.id });
    expect([status, body.message]).toEqual([400, 'This intake is full: all 1 places have been taken.']);
    expect(
      (
        await applicant.client.rpc('withdraw_application', {
          application_id: first.id,
          reason: 'Changed plans',
        })
      ).error,
    ).toBeNull();
    expect((await submit(rival, second.id)).error).toBeNull();
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
    const asRpc = await restStatus(applicant, 'transition_application', {
      application_id: app.id,
      to_status: 'offer_unconditional',
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
    const move = (to: string, note?: string) =>
      counsellor.client.rpc('transition_application', { application_id: app.id, to_status: to, note });
    const illegal = await restStatus(counsellor, 'transition_application', {
      application_id: app.id,
      to_status: 'offer_unconditional',
    });
    expect([illegal.status, illegal.body.message]).toEqual([
      400,
      'Cannot move an application from submitted to offer_unconditional.',
    ]);
    expect((await move('enrolled')).error?.message).toBe(
      'Cannot move an application from submitted to enrolled.',
    );
    expect((await move('under_review')).error).toBeNull();
    expect((await move('action_required')).error?.message).toBe(
      'Say what the applicant must do: a note is required.',
    );
    expect((await move('offer_conditional')).error?.message).toBe(
      'A conditional offer needs its conditions.',
    );
    expect((await move('waitlisted')).data).toMatchObject({ status: 'waitlisted' });
    expect((await move('under_review')).error?.message).toBe(
      'Cannot move an application from waitlisted to under_review.',
    );
    expect((await move('offer_unconditional')).data).toMatchObject({ status: 'offer_unconditional' });
    expect((await move('accepted')).error?.message).toBe(
      'Cannot move an application from offer_unconditional to accepted.',
    );
    expect((await move('no_such_status')).error?.message).toBe(
      'Cannot move an application from offer_unconditional to no_such_status.',
    );
  });

  it('answers offers only before the reply-by date, and expires them after', async () => {
    const app = await submitted(applicant, courseId, await intake(stack, courseId));
    await counsellor.client.rpc('transition_application', {
      application_id: app.id,
      to_status: 'under_review',
    });
    await counsellor.client.rpc('transition_application', {
      application_id: app.id,
      to_status: 'offer_unconditional',
    });
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
