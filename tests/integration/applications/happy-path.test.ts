import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import {
  attach,
  BUCKET,
  completeAnswers,
  course,
  decide,
  intake,
  move,
  person,
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
  intakeId = await intake(stack, courseId, { capacity: 50 });
});
afterAll(() => stack.stop());

describe('an applicant applies and follows the application', () => {
  it('saves a draft, uploads real files, submits and is told what happens next', async () => {
    const created = await applicant.client
      .from('applications')
      .insert({ course_id: courseId, intake_id: intakeId, current_step: 'personal' })
      .select()
      .single();
    expect(created.error).toBeNull();
    const app = created.data as {
      id: string;
      applicant_id: string;
      status: string;
      reference: string | null;
    };
    expect(app).toMatchObject({ applicant_id: applicant.id, status: 'draft', reference: null });

    const saved = await applicant.client
      .from('applications')
      .update({ answers: completeAnswers(), current_step: 'documents', version: 1 })
      .eq('id', app.id)
      .select('current_step, version');
    expect(saved.data).toEqual([{ current_step: 'documents', version: 2 }]);

    const passport = await attach(applicant, app.id, 'passport');
    await attach(applicant, app.id, 'transcript');
    // Size and type come from the stored object, not from what the client claimed (1 byte).
    expect(passport.size_bytes).toBeGreaterThan(20);
    expect(passport.status).toBe('uploaded');
    const file = await applicant.client.storage.from(BUCKET).download(passport.storage_path);
    expect(new TextDecoder().decode(await file.data?.arrayBuffer()).startsWith('%PDF-')).toBe(true);

    const submitted = await applicant.client.rpc('submit_application', { application_id: app.id });
    expect(submitted.error).toBeNull();
    const result = submitted.data as {
      status: string;
      reference: string;
      submitted_at: string;
      reply_by: string;
      applicant_email_key: string;
    };
    expect(result.status).toBe('submitted');
    // The mailbox it was sent from, so a second account on an alias of it is flagged to staff.
    const { rows } = await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [
      applicant.id,
    ]);
    expect(result.applicant_email_key).toBe(rows[0]!.email.toLowerCase());
    expect(result.reference).toMatch(/^UP-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    expect(result.submitted_at).toBeTruthy();
    expect(result.reply_by).toBeTruthy();

    const history = await applicant.client
      .from('application_status_history')
      .select('from_status, to_status, actor, actor_kind, note')
      .eq('application_id', app.id);
    expect(history.data).toEqual([
      {
        from_status: 'draft',
        to_status: 'submitted',
        actor: applicant.id,
        actor_kind: 'applicant',
        note: 'Application submitted.',
      },
    ]);

    // The receipt is an event until the composer makes it a message (at once here: no quiet window).
    await stack.db.query('select public.compose_notifications(0)');
    const outbox = await stack.db.query<{ recipient: string; subject: string; body: string; sent_at: null }>(
      'select recipient, subject, body, sent_at from public.notification_outbox where application_id = $1',
      [app.id],
    );
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0]?.subject).toContain(result.reference);
    expect(outbox.rows[0]?.body).toContain('Applied Testing');
    expect(outbox.rows[0]?.sent_at).toBeNull();
    const user = await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [
      applicant.id,
    ]);
    expect(outbox.rows[0]?.recipient).toBe(user.rows[0]?.email);

    const info = await applicant.client.rpc('application_status_info', { status: 'submitted' });
    expect(info.data).toMatchObject({ status: 'submitted', next_actor: 'admissions' });
  });

  it('goes through review, a released offer, its conditions and enrolment, each step in the timeline', async () => {
    const { data: apps } = await applicant.client.from('applications').select('id').eq('status', 'submitted');
    const id = (apps as { id: string }[])[0]?.id ?? '';
    expect((await move(counsellor, id, 'under_review')).error).toBeNull();
    expect(
      (await move(counsellor, id, 'action_required', 'Upload a clearer passport scan.')).error,
    ).toBeNull();
    expect((await move(counsellor, id, 'under_review')).error).toBeNull();
    await verifyDocuments(counsellor, id);
    const recommended = await decide(counsellor, id, 'offer_conditional', {
      conditions: 'Final grades of at least B.',
    });
    expect(recommended.data).toMatchObject({ state: 'recommended', outcome: 'offer_conditional' });
    const unseen = await applicant.client
      .from('applications')
      .select('status, offer_conditions')
      .eq('id', id)
      .single();
    expect(unseen.data).toEqual({ status: 'under_review', offer_conditions: null });

    const released = await admin.client.rpc('approve_decision', {
      decision_id: (recommended.data as { id: string }).id,
      expected_version: await versionOf(admin, id),
      release: true,
    });
    expect(released.data).toMatchObject({ state: 'released', approved_by: admin.id, released_by: admin.id });
    const offer = await applicant.client
      .from('applications')
      .select('status, offer_conditions')
      .eq('id', id)
      .single();
    expect(offer.data).toEqual({
      status: 'offer_conditional',
      offer_conditions: 'Final grades of at least B.',
    });

    const accepted = await applicant.client.rpc('respond_to_offer', { application_id: id, accept: true });
    expect(accepted.data).toMatchObject({ status: 'conditions_pending' });
    expect((await move(admin, id, 'enrolled')).error?.message).toBe(
      'Cannot move an application from conditions_pending to enrolled.',
    );
    expect((await decide(admin, id, 'conditions_met', { release: true })).data).toMatchObject({
      state: 'released',
    });
    expect((await move(admin, id, 'enrolled')).data).toMatchObject({ status: 'enrolled' });

    const { data: timeline } = await applicant.client
      .from('application_status_history')
      .select('to_status, actor_kind')
      .eq('application_id', id)
      .order('id');
    expect((timeline as { to_status: string }[]).map((row) => row.to_status)).toEqual([
      'submitted',
      'under_review',
      'action_required',
      'under_review',
      'offer_conditional',
      'conditions_pending',
      'accepted',
      'enrolled',
    ]);
    const guide = await applicant.client.from('application_status_guide').select('status, next_actor');
    expect(guide.data).toHaveLength(15);
  });
});
