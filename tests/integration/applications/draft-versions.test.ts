import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyAnswers, type DraftSave } from '../../../src/features/applications/draft.ts';
import { saveDraft } from '../../../src/features/applications/save-draft.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, course, intake, person, versionOf, type Person } from './fixtures.ts';

let stack: RunningStack;
let applicant: Person;
let courseId = '';
let intakeId = '';

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  courseId = await course(stack);
  intakeId = await intake(stack, courseId);
});
afterAll(() => stack.stop());

const draft = (name: string): DraftSave & { course_id: string; intake_id: string } => ({
  course_id: courseId,
  intake_id: intakeId,
  current_step: 'personal',
  answers: { ...emptyAnswers(), personal: { full_name: name } },
  changed_at: new Date().toISOString(),
});

const stored = async (id: string) =>
  (await applicant.client.from('applications').select('answers, version').eq('id', id).single()).data as {
    answers: { personal: { full_name: string } };
    version: number;
  };

describe('draft saves carry the version they were based on', () => {
  let id = '';

  it('creates the draft at version 1 and moves it on with each save', async () => {
    const first = await saveDraft(applicant.client, null, null, draft('Amara'));
    expect(first).toMatchObject({ ok: true, version: 1 });
    id = first.ok ? first.id : '';
    const second = await saveDraft(applicant.client, id, 1, draft('Amara Okafor'));
    expect(second).toMatchObject({ ok: true, id, version: 2 });
  });

  it('refuses a save from another window based on an older version, with the database’s message, and keeps the stored one', async () => {
    const stale = await saveDraft(applicant.client, id, 1, draft('Typed in another window'));
    expect(stale).toEqual({
      ok: false,
      status: 409,
      message: expect.stringMatching(
        /^You \(in another window or on another device\) changed this application at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(answers\), after you opened it\. Nothing was saved/,
      ),
      current: { id, version: 2, updated_at: expect.any(String) },
    });
    expect(await stored(id)).toEqual({
      answers: expect.objectContaining({ personal: { full_name: 'Amara Okafor' } }),
      version: 2,
    });
  });

  it('acknowledges the retry of a save that already landed, without saving again', async () => {
    const retry = await saveDraft(applicant.client, id, 1, draft('Amara Okafor'));
    expect(retry).toMatchObject({ ok: true, id, version: 2 });
    expect((await stored(id)).version).toBe(2);
  });

  it('saves over the stored version once the applicant chose to keep theirs', async () => {
    const kept = await saveDraft(applicant.client, id, 2, draft('Typed in another window'));
    expect(kept).toMatchObject({ ok: true, version: 3 });
    expect((await stored(id)).answers.personal.full_name).toBe('Typed in another window');
  });

  it('reports a second new draft for the same intake instead of overwriting the first', async () => {
    const second = await saveDraft(applicant.client, null, null, draft('Started in a new tab'));
    expect(second).toMatchObject({ ok: false, status: 409, current: { id, version: 3 } });
    expect((await stored(id)).answers.personal.full_name).toBe('Typed in another window');
  });

  it('refuses an update that names no version (PT428)', async () => {
    const { error } = await applicant.client
      .from('applications')
      .update({ current_step: 'academic' })
      .eq('id', id);
    expect(error?.code).toBe('PT428');
    expect((await stored(id)).version).toBe(3);
  });

  it('tells the applicant that admissions updated their draft, never which member of staff or what', async () => {
    const counsellor = await person(stack, ['counsellor']);
    const other = await person(stack);
    const created = await saveDraft(other.client, null, null, draft('Ngozi Adeyemi'));
    if (!created.ok) throw new Error('the draft was not created');
    const document = await attach(other, created.id, 'cv');
    const reviewed = await counsellor.client.rpc('review_document', {
      document_id: document.id,
      status: 'verified',
      expected_version: await versionOf(counsellor, created.id),
    });
    expect(reviewed.error).toBeNull();
    const stale = await saveDraft(other.client, created.id, created.version, draft('Ngozi A. Adeyemi'));
    expect(stale).toMatchObject({ ok: false, status: 409 });
    const message = stale.ok ? '' : stale.message;
    expect(message).toMatch(
      /^Admissions updated this application at \d{4}-\d\d-\d\d \d\d:\d\d UTC, after you opened it\./,
    );
    expect(message).not.toMatch(/verified|cv|@/i);
  });
});
