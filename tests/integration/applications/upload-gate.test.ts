import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocument } from '../../../src/features/applications/document-upload.server.ts';
import { sendMessage } from '../../../src/features/applications/messages/send-message.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, BUCKET, course, draft, intake, person, type Person } from './fixtures.ts';

const HTML = '<!doctype html><html><script>alert(document.cookie)</script></html>';
let stack: RunningStack;
let applicant: Person;
let applicationId: string;
let folder: string;

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  const courseId = await course(stack);
  applicationId = (await draft(applicant, courseId, await intake(stack, courseId))).id;
  folder = `${applicant.id}/${applicationId}`;
});
afterAll(() => stack.stop());

async function storedNames(): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name like $2 order by name',
    [BUCKET, `${folder}/%`],
  );
  return rows.map((row) => row.name);
}

const htmlAsPdf = () => new File([HTML], 'cv.pdf', { type: 'application/pdf' });

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Posts a document form to the app's upload, as the wizard does, as the applicant. */
const postDocument = (kind: string, file: File, extra: Record<string, string> = {}) =>
  uploadDocument(
    { userId: applicant.id, supabase: applicant.client },
    applicationId,
    form({
      file,
      kind,
      storage_path: `${folder}/${randomUUID()}-${kind}.pdf`,
      ...extra,
    }),
  );

describe('the app is the gate for what a file holds', () => {
  it('Storage alone, configured as hosted, stores HTML declared as a PDF sent with the applicant’s token', async () => {
    const path = `${folder}/${randomUUID()}-cv.pdf`;
    const stored = await applicant.client.storage.from(BUCKET).upload(path, htmlAsPdf());
    expect(stored.error).toBeNull();
    const download = await applicant.client.storage.from(BUCKET).download(path);
    expect(await download.data?.text()).toBe(HTML);
    await applicant.client.storage.from(BUCKET).remove([path]);
  });

  it('refuses the same bytes as a document upload, storing nothing', async () => {
    const before = await storedNames();
    const outcome = await postDocument('cv', htmlAsPdf());
    expect(outcome).toEqual({
      ok: false,
      status: 422,
      message: 'File validation failed: the content is not PDF, PNG, JPEG, whatever the file name says.',
    });
    expect(await storedNames()).toEqual(before);
  });

  it('refuses them as a re-upload, keeping the document it would replace', async () => {
    const current = await attach(applicant, applicationId, 'passport');
    const before = await storedNames();
    const outcome = await postDocument('passport', htmlAsPdf(), {
      replaces: current.id,
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 422,
      message: expect.stringMatching(/^File validation failed: /),
    });
    expect(await storedNames()).toEqual(before);
    const { data } = await applicant.client.from('application_documents').select('id').eq('id', current.id);
    expect(data).toEqual([{ id: current.id }]);
  });

  it('refuses them as a message attachment, sending and storing nothing', async () => {
    const before = await storedNames();
    const message = form({ body: 'My CV, as asked.', attachment: htmlAsPdf() });
    const failure = await sendMessage(applicant.client, applicationId, message);
    expect(failure).toMatchObject({
      status: 422,
      errors: {
        attachment: expect.stringMatching(/the content is not PDF, PNG, JPEG/),
      },
    });
    expect(await storedNames()).toEqual(before);
  });

  it('refuses a path outside the applicant’s own folder for this application', async () => {
    const pdf = new File(['%PDF-1.7\n%%EOF\n'], 'cv.pdf', {
      type: 'application/pdf',
    });
    const elsewhere = `${applicant.id}/${randomUUID()}/${randomUUID()}-cv.pdf`;
    const outcome = await postDocument('cv', pdf, { storage_path: elsewhere });
    expect(outcome).toMatchObject({ ok: false, status: 400 });
  });
});
