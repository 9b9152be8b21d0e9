import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyAnswers } from '../../../src/features/applications/draft.ts';
import { saveDraft } from '../../../src/features/applications/save-draft.server.ts';
import { exportMyData } from '../../../src/features/profile/account.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, course, draft, intake, person, type Person } from '../applications/fixtures.ts';

// The export reads with the user's own token; the service key (account deletion) is not needed here.
vi.mock('astro:env/server', () => ({ SUPABASE_SERVICE_ROLE_KEY: undefined, getSecret: () => undefined }));
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
const idsIn = (rows: unknown) => ((rows ?? []) as { id: string }[]).map((row) => row.id);

describe('"Download my data"', () => {
  it('holds the applicant’s applications and their documents', async () => {
    const exported = await exportOf(applicant, 'applicant@example.test');
    expect(idsIn(exported['applications'])).toEqual([applicationId]);
    expect(idsIn(exported['application_documents'])).toEqual([documentId]);
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
