import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { uploadDocument } from '../../../src/features/applications/document-upload.server.ts';
import { storeCheckedFile } from '../../../src/features/applications/file-store.server.ts';
import { safeFileName } from '../../../src/features/applications/upload-file.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { BUCKET, course, draft, intake, pdfBytes, person, type Person } from './fixtures.ts';

const MiB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const text = (body: string) => new TextEncoder().encode(body);
const pdf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(text('%PDF-1.7\n'));
  return bytes;
};

interface BadUpload {
  case: string;
  name: string;
  type: string;
  size?: number;
  /** Bytes the app is asked to store; without them only the pre-flight is asked. */
  bytes?: Uint8Array;
  /**
   * The layers expected to refuse besides the app, which refuses every file in the corpus: the
   * pre-flight RPC, the write itself (the database's path rule the app asks first and the bucket's
   * own type and size limits; neither looks at the bytes), or both. `app` alone marks a file only
   * the app's own look at the bytes stops.
   */
  refusedBy: ('validate' | 'storage' | 'app')[];
  /** The name alone is unacceptable, whatever the file holds. */
  badName?: true;
  /** Storage object name when the name itself is the attack; otherwise a safe generated one. */
  objectName?: (folder: string) => string;
}

const html = text('<!doctype html><html><script>alert(document.cookie)</script></html>');
const svg = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

const corpus: BadUpload[] = [
  {
    case: 'PNG bytes declared as PDF',
    name: 'scan.pdf',
    type: 'application/pdf',
    bytes: new Uint8Array(PNG),
    refusedBy: ['app'],
  },
  {
    case: 'PDF bytes declared as PNG',
    name: 'photo.png',
    type: 'image/png',
    bytes: pdf(64),
    refusedBy: ['app'],
  },
  {
    case: 'HTML bytes declared as PDF',
    name: 'cv.pdf',
    type: 'application/pdf',
    bytes: html,
    refusedBy: ['app'],
  },
  {
    case: 'SVG bytes declared as PNG',
    name: 'logo.png',
    type: 'image/png',
    bytes: svg,
    refusedBy: ['app'],
  },
  {
    case: 'oversize PDF',
    name: 'big.pdf',
    type: 'application/pdf',
    bytes: pdf(10 * MiB + 1),
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'HTML page',
    name: 'page.html',
    type: 'text/html',
    bytes: html,
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'HTML declared with a PDF name',
    name: 'page.pdf',
    type: 'text/html',
    bytes: html,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'SVG image',
    name: 'logo.svg',
    type: 'image/svg+xml',
    bytes: svg,
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'XHTML',
    name: 'page.xhtml',
    type: 'application/xhtml+xml',
    bytes: html,
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'JavaScript',
    name: 'run.js',
    type: 'application/javascript',
    bytes: text('alert(1)'),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'Windows program',
    name: 'setup.exe',
    type: 'application/x-msdownload',
    bytes: text('MZ\x90\x00'),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'Word document',
    name: 'cv.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: text('PK\x03\x04'),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'empty file',
    name: 'empty.pdf',
    type: 'application/pdf',
    size: 0,
    bytes: new Uint8Array(0),
    refusedBy: ['validate', 'storage', 'app'],
  },
  { case: 'negative size', name: 'minus.pdf', type: 'application/pdf', size: -1, refusedBy: ['validate'] },
  {
    case: 'program behind a PDF name',
    name: 'cv.pdf.exe',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'program extension hidden inside',
    name: 'cv.exe.pdf',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'PHP extension hidden inside',
    name: 'x.php.pdf',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'HTML extension hidden inside',
    name: 'invoice.html.png',
    type: 'image/png',
    bytes: new Uint8Array(PNG),
    badName: true,
    refusedBy: ['validate', 'storage'],
  },
  {
    case: 'SVG extension hidden inside',
    name: 'logo.svg.jpg',
    type: 'image/jpeg',
    badName: true,
    refusedBy: ['validate'],
  },
  {
    case: 'path traversal',
    name: '../../etc/passwd.pdf',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate', 'storage'],
    objectName: (f) => `${f}/../../${randomUUID()}-passwd.pdf`,
  },
  {
    case: 'Windows path traversal',
    name: '..\\..\\boot.pdf',
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
  {
    case: 'folder in the name',
    name: 'docs/passport.pdf',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate', 'storage'],
    objectName: (f) => `${f}/docs/${randomUUID()}-passport.pdf`,
  },
  {
    case: 'drive letter',
    name: 'C:passport.pdf',
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
  { case: 'NUL byte', name: 'cv\u0000.pdf', type: 'application/pdf', badName: true, refusedBy: ['validate'] },
  { case: 'new line', name: 'cv\n.pdf', type: 'application/pdf', badName: true, refusedBy: ['validate'] },
  {
    case: 'right-to-left override',
    name: 'cv\u202Efdp.exe',
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
  { case: 'hidden file', name: '.htaccess', type: 'application/pdf', badName: true, refusedBy: ['validate'] },
  { case: 'no extension', name: 'passport', type: 'application/pdf', badName: true, refusedBy: ['validate'] },
  {
    case: 'trailing dot',
    name: 'passport.pdf.',
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
  {
    case: 'extension not matching the type',
    name: 'photo.jpg',
    type: 'application/pdf',
    bytes: pdf(64),
    badName: true,
    refusedBy: ['validate'],
  },
  { case: 'unknown type', name: 'scan.pdf', type: '', refusedBy: ['validate'] },
  {
    case: 'name too long',
    name: `${'a'.repeat(200)}.pdf`,
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
  {
    case: 'shell characters',
    name: 'cv|rm.pdf',
    type: 'application/pdf',
    badName: true,
    refusedBy: ['validate'],
  },
];

let stack: RunningStack;
let applicant: Person;
let folder: string;
let applicationId: string;

beforeAll(async () => {
  stack = await startTestStack();
  applicant = await person(stack);
  const courseId = await course(stack);
  applicationId = (await draft(applicant, courseId, await intake(stack, courseId))).id;
  folder = `${applicant.id}/${applicationId}`;
});
afterAll(() => stack.stop());

async function preflight(name: string, size: number, type: string) {
  const { data, error } = await applicant.client.rpc('validate_file_upload', {
    file_name: name,
    file_size: size,
    content_type: type,
  });
  // Postgres text cannot hold a NUL character: such a name is refused before the function runs.
  if (error?.code === '22P05') return { valid: false, error: error.message };
  if (error) throw error;
  return data as { valid: boolean; error: string | null };
}

async function storedCount(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2`,
    [BUCKET, `${folder}/%`],
  );
  return rows[0]?.n ?? -1;
}

/** Posts a file to the app's document upload, as the wizard does, for the transcript slot. */
function throughApp(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  form.set('kind', 'transcript');
  form.set('storage_path', `${folder}/${randomUUID()}-${safeFileName(name)}`);
  return uploadDocument(
    { userId: applicant.id, supabase: applicant.client },
    applicationId,
    form,
    applicant.writer,
  );
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100);

describe('bad uploads are refused, every single one', () => {
  it('accepts a genuine PDF, so the refusals below mean something', async () => {
    expect(await preflight('passport.pdf', 2048, 'application/pdf')).toEqual({ valid: true, error: null });
    const upload = await applicant.writer.storage
      .from(BUCKET)
      .upload(`${folder}/${randomUUID()}-passport.pdf`, pdfBytes(), { contentType: 'application/pdf' });
    expect(upload.error).toBeNull();
    const before = await storedCount();
    const recorded = await throughApp(
      new Uint8Array(await pdfBytes().arrayBuffer()),
      'transcript.pdf',
      'application/pdf',
    );
    expect(recorded).toMatchObject({ ok: true, document: { file_name: 'transcript.pdf' } });
    expect(await storedCount()).toBe(before + 1);
  });

  it.each(corpus.filter((bad) => bad.bytes))('$case: the app refuses it and stores nothing', async (bad) => {
    const before = await storedCount();
    const outcome = await throughApp(bad.bytes ?? new Uint8Array(), bad.name, bad.type);
    expect(outcome).toEqual({
      ok: false,
      status: 422,
      message: expect.stringMatching(/^File validation failed: \S/),
    });
    expect(await storedCount()).toBe(before);
  });

  it.each(corpus)('$case', async (bad) => {
    const size = bad.size ?? bad.bytes?.length ?? 4096;
    const verdict = await preflight(bad.name, size, bad.type);
    if (bad.refusedBy.includes('validate'))
      expect(verdict).toEqual({ valid: false, error: expect.any(String) });
    else expect(verdict.valid).toBe(true);
    if (!bad.bytes) return;
    const objectName = bad.objectName?.(folder) ?? `${folder}/${randomUUID()}-${safeName(bad.name)}`;
    const stored = await storeCheckedFile(
      applicant.client,
      applicant.writer,
      'can_upload_application_file',
      objectName,
      new File([bad.bytes as Uint8Array<ArrayBuffer>], 'upload', { type: bad.type }),
      bad.type || 'application/octet-stream',
    );
    expect(stored).toBe(bad.refusedBy.includes('storage') ? 'refused' : 'stored');
  });

  it('refuses every corpus name as a document record, even over a genuine stored file', async () => {
    const path = `${folder}/${randomUUID()}-passport.pdf`;
    await applicant.writer.storage.from(BUCKET).upload(path, pdfBytes(), { contentType: 'application/pdf' });
    const names = corpus.filter((bad) => bad.badName);
    expect(names.length).toBeGreaterThan(20);
    for (const bad of names) {
      const { error } = await applicant.client.from('application_documents').insert({
        application_id: applicationId,
        kind: 'passport',
        storage_path: path,
        file_name: bad.name,
        size_bytes: 100,
        content_type: 'application/pdf',
      });
      expect(error?.message, bad.case).toMatch(
        /^File validation failed: |violates check constraint|unsupported Unicode escape/,
      );
    }
  });

  it('applies the smaller limit of a specific requirement', async () => {
    const check = (kind: string, size: number) =>
      applicant.client.rpc('validate_document_upload', {
        application_id: applicationId,
        kind,
        file_name: 'scan.pdf',
        file_size: size,
        content_type: 'application/pdf',
      });
    expect((await check('passport', 6 * MiB)).data).toEqual({
      valid: false,
      error: 'The file is larger than 5 MB.',
    });
    expect((await check('transcript', 6 * MiB)).data).toEqual({ valid: true, error: null });
    expect((await check('cv', 3 * MiB)).data).toEqual({
      valid: false,
      error: 'The file is larger than 2 MB.',
    });
  });
});
