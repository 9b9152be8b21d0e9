import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { expectSafeAnswer, FUZZ, hostileText } from './hostile.ts';

const BUCKET = 'application-documents';
let stack: RunningStack;
let token: string;
let folder: string;

/** An applicant with a draft application, whose folder the bucket accepts documents in. */
async function applicantWithDraft(): Promise<{ token: string; folder: string }> {
  const admin = clientFor(stack, stack.serviceRoleKey);
  const { data, error } = await admin.auth.admin.createUser({
    email: 'uploader@example.com',
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const uid = data.user.id;
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.applications (applicant_id, course_id, intake_id)
     select $1, i.course_id, i.id from public.intakes i join public.courses c on c.id = i.course_id
     where i.status = 'open' and c.published and c.university_published limit 1 returning id`,
    [uid],
  );
  return {
    token: await stack.signToken({ sub: uid, role: 'authenticated' }),
    folder: `${uid}/${rows[0]?.id}`,
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  ({ token, folder } = await applicantWithDraft());
});
afterAll(() => stack.stop());

const MAGIC: Record<string, number[]> = {
  pdf: [...Buffer.from('%PDF-1.7\n')],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...Buffer.from('GIF89a')],
  html: [...Buffer.from('<!doctype html><script>alert(1)</script>')],
  svg: [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  zip: [0x50, 0x4b, 0x03, 0x04],
  none: [],
};

const upload = fc.record({
  owner: fc.constantFrom('mine', 'someone else', 'bucket root'),
  name: fc.oneof(
    fc.constantFrom(
      'cv.pdf',
      'photo.png',
      'scan.jpeg',
      'page.html',
      'cv.pdf.exe',
      'image.svg',
      '../../etc/passwd',
      '.pdf',
      'a'.repeat(300) + '.pdf',
    ),
    hostileText,
  ),
  type: fc.oneof(
    fc.constantFrom(
      'application/pdf',
      'image/png',
      'image/jpeg',
      'text/html',
      'image/svg+xml',
      'application/octet-stream',
      '',
    ),
    hostileText,
  ),
  magic: fc.constantFrom(...Object.keys(MAGIC)),
  bytes: fc.uint8Array({ maxLength: 2048 }),
  method: fc.constantFrom('POST', 'PUT'),
  /** Only the app server's key writes the bucket; an applicant's token and the anon key never do. */
  sender: fc.constantFrom('applicant', 'anonymous', 'app server'),
  bucket: fc.constantFrom(BUCKET, BUCKET, 'no-such-bucket'),
});

function keyFor(owner: string, name: string): string {
  const file = `${crypto.randomUUID()}-${name}`;
  const prefix =
    owner === 'mine'
      ? `${folder}/`
      : owner === 'someone else'
        ? `${crypto.randomUUID()}/${crypto.randomUUID()}/`
        : '';
  return (prefix + file).split('/').map(encodeURIComponent).join('/');
}

async function objectCount(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from storage.objects');
  return rows[0]?.n ?? -1;
}

describe('fuzzing uploads', () => {
  it('never answers a server error and stores nothing it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(upload, async (input) => {
        const before = await objectCount();
        const key = keyFor(input.owner, input.name);
        const body = new Uint8Array([...(MAGIC[input.magic] ?? []), ...input.bytes]);
        const bearer = { applicant: token, anonymous: stack.anonKey, 'app server': stack.serviceRoleKey };
        const headers: Record<string, string> = {
          apikey: stack.anonKey,
          authorization: `Bearer ${bearer[input.sender]}`,
        };
        // A header carries printable ASCII only; anything else never leaves a client.
        if (input.type) headers['content-type'] = input.type.replace(/[^\x20-\x7e]/g, '?');
        const response = await fetch(`${stack.url}/storage/v1/object/${input.bucket}/${key}`, {
          method: input.method,
          headers,
          body,
        });
        const text = await response.text();
        expectSafeAnswer(
          response.status,
          text,
          `${input.method} ${input.bucket}/${key} ${input.type} ${input.magic}`,
        );
        const after = await objectCount();
        if (response.status >= 400) expect(after).toBe(before);
        else {
          expect(after).toBe(before + 1);
          expect(input.sender, 'only the app server writes files').toBe('app server');
          const { rows } = await stack.db.query<{ type: string }>(
            `select metadata ->> 'mimetype' as type from storage.objects order by created_at desc limit 1`,
          );
          expect(['application/pdf', 'image/jpeg', 'image/png']).toContain(rows[0]?.type);
        }
      }),
      FUZZ,
    );
  }, 240_000);

  it('stores a well-formed PDF sent with the app server’s key, never with the applicant’s own token', async () => {
    const send = (bearer: string) =>
      fetch(`${stack.url}/storage/v1/object/${BUCKET}/${folder}/${crypto.randomUUID()}-transcript.pdf`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/pdf',
        },
        body: new Uint8Array([...(MAGIC['pdf'] ?? []), ...Buffer.from('1 0 obj\n<<>>\nendobj\n%%EOF\n')]),
      });
    expect((await send(stack.serviceRoleKey)).status).toBe(200);
    const own = await send(token);
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({ statusCode: '403' });
  });
});

describe('object keys Storage calls invalid', () => {
  const BAD_KEYS = [
    ['NUL byte', `cv\u0000.pdf`],
    ['control character', `cv\u0007.pdf`],
    ['new line', `cv\n.pdf`],
    ['delete character', `cv\u007f.pdf`],
    ['parent folder', `../cv.pdf`],
    ['empty segment', `docs//cv.pdf`],
    ['overlong', `${'a'.repeat(1100)}.pdf`],
  ] as const;
  const invalidKey = { statusCode: '400', error: 'InvalidKey', message: expect.any(String) };

  /** Every route that takes a key, in its path (where URL parsing folds `..` and `//` away) or its body. */
  function requestsFor(key: string): { method: string; path: string; body?: unknown; inBody?: true }[] {
    const full = `${folder}/${key}`;
    const inPath = full.split('/').map(encodeURIComponent).join('/');
    const other = `${folder}/x.pdf`;
    return [
      ...['POST', 'PUT', 'GET', 'DELETE'].map((method) => ({ method, path: `object/${BUCKET}/${inPath}` })),
      ...['authenticated', 'public', 'info'].map((kind) => ({
        method: 'GET',
        path: `object/${kind}/${BUCKET}/${inPath}`,
      })),
      { method: 'POST', path: `object/sign/${BUCKET}/${inPath}`, body: { expiresIn: 60 } },
      { method: 'POST', path: `object/upload/sign/${BUCKET}/${inPath}` },
      { method: 'DELETE', path: `object/${BUCKET}`, body: { prefixes: [full] }, inBody: true },
      { method: 'POST', path: `object/sign/${BUCKET}`, body: { expiresIn: 60, paths: [full] }, inBody: true },
      {
        method: 'POST',
        path: 'object/move',
        body: { bucketId: BUCKET, sourceKey: full, destinationKey: other },
        inBody: true,
      },
      {
        method: 'POST',
        path: 'object/copy',
        body: { bucketId: BUCKET, sourceKey: other, destinationKey: full },
        inBody: true,
      },
    ];
  }

  it.each(BAD_KEYS)('answers a key with a %s as InvalidKey on every route, never a 500', async (_, key) => {
    const folded = key.includes('..') || key.includes('//');
    for (const { method, path, body, inBody } of requestsFor(key)) {
      const response = await fetch(`${stack.url}/storage/v1/${path}`, {
        method,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': body ? 'application/json' : 'application/pdf',
        },
        body: body ? JSON.stringify(body) : method === 'POST' || method === 'PUT' ? '%PDF-1.7\n' : null,
      });
      const text = await response.text();
      const context = `${method} ${path.slice(0, 120)}`;
      expectSafeAnswer(response.status, text, context);
      if (inBody || !folded) expect(JSON.parse(text), context).toMatchObject(invalidKey);
    }
  });

  it('refuses a NUL in a list prefix and a bucket id without a server error', async () => {
    const headers = {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const list = await fetch(`${stack.url}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prefix: `${folder}/\u0000` }),
    });
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject(invalidKey);
    const bucket = await fetch(`${stack.url}/storage/v1/bucket/a%00b`, { headers });
    expect(bucket.status).toBe(400);
    expect(await bucket.json()).toMatchObject({ statusCode: '400', error: expect.any(String) });
  });
});
