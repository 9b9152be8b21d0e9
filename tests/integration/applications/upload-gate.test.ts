import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocument } from '../../../src/features/applications/document-upload.server.ts';
import { sendMessage } from '../../../src/features/applications/messages/send-message.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { attach, BUCKET, course, draft, intake, pdfBytes, person, type Person } from './fixtures.ts';

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
    applicant.writer,
  );

describe('the app is the only way into the bucket', () => {
  it('Storage, configured as hosted, refuses a file sent with the applicant’s own token, whatever it holds', async () => {
    for (const file of [htmlAsPdf(), new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' })]) {
      const stored = await applicant.client.storage
        .from(BUCKET)
        .upload(`${folder}/${randomUUID()}-cv.pdf`, file);
      expect(stored.error).toMatchObject({ status: 400, statusCode: '403' });
    }
    const messages = await applicant.client.storage
      .from(BUCKET)
      .upload(`${folder}/messages/${randomUUID()}-cv.pdf`, pdfBytes());
    expect(messages.error).toMatchObject({ statusCode: '403' });
    expect(await storedNames()).toEqual([]);
  });

  it('records no document for a file that was never stored', async () => {
    const { error } = await applicant.client.from('application_documents').insert({
      application_id: applicationId,
      kind: 'cv',
      storage_path: `${folder}/${randomUUID()}-cv.pdf`,
      file_name: 'cv.pdf',
      size_bytes: 10,
      content_type: 'application/pdf',
    });
    expect(error).toMatchObject({ code: '22023', message: 'Upload the file before recording the document.' });
  });

  it('stores and records a real PDF posted to the app', async () => {
    const pdf = new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' });
    const outcome = await postDocument('cv', pdf);
    expect(outcome).toMatchObject({ ok: true, document: { kind: 'cv', content_type: 'application/pdf' } });
    const path = outcome.ok ? outcome.document?.storage_path : undefined;
    expect(await storedNames()).toContain(path);
  });

  it('stores nothing into another applicant’s application, even under the caller’s own folder', async () => {
    const other = await person(stack);
    const before = await storedNames();
    const pdf = new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' });
    const outcome = await uploadDocument(
      { userId: other.id, supabase: other.client },
      applicationId,
      form({ file: pdf, kind: 'cv', storage_path: `${other.id}/${applicationId}/${randomUUID()}-cv.pdf` }),
      other.writer,
    );
    expect(outcome).toMatchObject({ ok: false });
    const { rows } = await stack.db.query('select name from storage.objects where name like $1', [
      `${other.id}/%`,
    ]);
    expect(rows).toEqual([]);
    expect(await storedNames()).toEqual(before);
  });

  it('answers 503 and stores nothing when the server has no key to write with', async () => {
    const before = await storedNames();
    const pdf = new File([pdfBytes()], 'cv.pdf', { type: 'application/pdf' });
    const outcome = await uploadDocument(
      { userId: applicant.id, supabase: applicant.client },
      applicationId,
      form({ file: pdf, kind: 'cv', storage_path: `${folder}/${randomUUID()}-cv.pdf` }),
      undefined,
    );
    expect(outcome).toMatchObject({ ok: false, status: 503 });
    expect(await storedNames()).toEqual(before);
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
    const failure = await sendMessage(applicant.client, applicationId, message, applicant.writer);
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
