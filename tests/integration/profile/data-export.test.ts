import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyAnswers } from '../../../src/features/applications/draft.ts';
import { saveDraft } from '../../../src/features/applications/save-draft.server.ts';
import { exportMyData } from '../../../src/features/profile/account.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, course, draft, intake, person, type Person } from '../applications/fixtures.ts';

// The export reads with the user's own token; the service key (account deletion) is not needed here.
vi.mock('astro:env/server', () => ({
  SUPABASE_SERVICE_ROLE_KEY: undefined,
  MAIL_FROM: undefined,
  SMTP_URL: undefined,
  getSecret: () => undefined,
}));
vi.mock('astro:env/client', () => ({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined }));

let stack: RunningStack;
let applicant: Person;
let counsellor: Person;
let applicationId: string;
let documentId: string;
let courseId: string;
let intakeId: string;

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  counsellor = await person(stack, ['counsellor']);
  courseId = await course(stack);
  intakeId = await intake(stack, courseId);
  applicationId = (await draft(applicant, courseId, intakeId)).id;
  documentId = (await attach(applicant, applicationId, 'passport')).id;
});
afterAll(() => stack.stop());

const exportOf = (who: Person, email: string) => exportMyData(who.client, { id: who.id, email });
const emailOf = async (who: Person) =>
  (await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [who.id])).rows[0]
    ?.email ?? '';
const idsIn = (rows: unknown) => ((rows ?? []) as { id: string }[]).map((row) => row.id);

describe('"Download my data"', () => {
  it('holds the applicant’s applications and their documents', async () => {
    const exported = await exportOf(applicant, 'applicant@example.test');
    expect(idsIn(exported['applications'])).toEqual([applicationId]);
    expect(idsIn(exported['application_documents'])).toEqual([documentId]);
  });

  it('holds everything the applicant gave or received: messages, preferences, counselling requests, e-mails', async () => {
    const email = await emailOf(applicant);
    // A submitted application on another intake, and both sides of its conversation, written
    // directly: the test is about the export.
    const sent = await stack.db.query<{ id: string }>(
      `insert into public.applications (applicant_id, course_id, intake_id, status, reference, submitted_at)
       values ($1, $2, $3, 'submitted', 'UP-2031-EXPRT1', now()) returning id`,
      [applicant.id, courseId, await intake(stack, courseId)],
    );
    await stack.db.query(
      `insert into public.application_messages (application_id, author_id, author_role, body)
       values ($1, $2, 'applicant', 'Is a scanned passport enough?'), ($1, $3, 'staff', 'Yes, a clear scan is enough.')`,
      [sent.rows[0]?.id, applicant.id, counsellor.id],
    );
    await stack.db.query(
      `insert into public.leads (name, email, source, message, consent_email, notes)
       values ('Amara Okafor', $1, 'contact', 'Which scholarships can I get?', true, 'Staff only: call on Monday'),
              ('Someone Else', 'someone.else@example.test', 'contact', 'Not mine', false, null)`,
      [email],
    );
    await stack.db.query(
      `insert into public.email_preferences (user_id, reminders) values ($1, false)
       on conflict (user_id) do update set reminders = false`,
      [applicant.id],
    );
    await stack.db.query(
      `insert into public.notification_outbox (recipient, user_id, kind, subject, body)
       values ($1, $2, 'application_submitted', 'We received your application', 'Thank you.')`,
      [email, applicant.id],
    );
    const exported = await exportOf(applicant, email);
    expect(exported['application_messages']).toEqual([
      expect.objectContaining({ body: 'Is a scanned passport enough?' }),
      expect.objectContaining({ body: 'Yes, a clear scan is enough.' }),
    ]);
    expect(exported['email_preferences']).toEqual([expect.objectContaining({ reminders: false })]);
    const requests = exported['counselling_requests'] as Record<string, unknown>[];
    expect(requests).toEqual([
      expect.objectContaining({ message: 'Which scholarships can I get?', consent_email: true }),
    ]);
    // Staff's working notes on the request are theirs, not the applicant's.
    expect(requests[0]).not.toHaveProperty('notes');
    expect(exported['emails_sent_to_you']).toEqual([
      expect.objectContaining({ subject: 'We received your application', body: 'Thank you.' }),
    ]);
    expect(exported['saved_searches']).toEqual([]);
  });

  it('holds only a member of staff’s own rows, not the applications staff may read', async () => {
    const exported = await exportOf(counsellor, 'counsellor@example.test');
    expect(exported['applications']).toEqual([]);
    expect(exported['application_documents']).toEqual([]);
    expect(exported['user_roles']).toEqual([expect.objectContaining({ role: 'counsellor' })]);
  });
});

describe('saving a draft', () => {
  it('refuses an update that does not say which version it was based on, changing nothing', async () => {
    const before = await stack.db.query<{ version: number }>(
      'select version from public.applications where id = $1',
      [applicationId],
    );
    const outcome = await saveDraft(applicant.client, applicationId, null, {
      course_id: courseId,
      intake_id: intakeId,
      answers: emptyAnswers(),
      current_step: 'statement',
      changed_at: new Date().toISOString(),
    });
    expect(outcome).toMatchObject({ ok: false, status: 428 });
    const after = await stack.db.query<{ version: number }>(
      'select version from public.applications where id = $1',
      [applicationId],
    );
    expect(after.rows).toEqual(before.rows);
  });
});

describe('deleting an account', () => {
  it('leaves a last letter to its address, and takes the counselling requests made with it', async () => {
    const leaving = await person(stack);
    const email = await emailOf(leaving);
    await stack.db.query(`update public.profiles set full_name = 'Kofi Mensah' where id = $1`, [leaving.id]);
    await stack.db.query(
      `insert into public.leads (name, email, source) values ('Kofi Mensah', $1, 'popup'), ('Ama', 'ama@example.test', 'popup')`,
      [email],
    );
    const deleted = await leaving.writer.auth.admin.deleteUser(leaving.id);
    expect(deleted.error).toBeNull();
    const letters = await stack.db.query<{ user_id: string | null; subject: string; body: string }>(
      `select user_id, subject, body from public.notification_outbox where recipient = $1 and kind = 'account_deleted'`,
      [email],
    );
    expect(letters.rows).toEqual([
      {
        user_id: null,
        subject: 'Your Unipath account has been deleted',
        body: expect.stringMatching(
          /^Hello Kofi Mensah,\n\nThis confirms that your Unipath account was deleted on \d{1,2} \w+ \d{4}/,
        ),
      },
    ]);
    const leads = await stack.db.query<{ email: string }>(
      `select email from public.leads where email in ($1, 'ama@example.test')`,
      [email],
    );
    expect(leads.rows).toEqual([{ email: 'ama@example.test' }]);
  });
});
