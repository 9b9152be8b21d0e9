import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const uuid = /^[0-9a-f-]{36}$/;
const apiError = (statusCode: string, code: string, message: string) =>
  expect.objectContaining({ name: 'StorageApiError', status: 400, statusCode, code, message });

beforeAll(async () => {
  stack = await startTestStack();
  admin = clientFor(stack, stack.serviceRoleKey);
});
afterAll(() => stack.stop());

// The cases run in order: each builds on the objects the previous ones left.
describe('storage-js against the local Storage API', () => {
  const docs = () => admin.storage.from('docs');
  let firstId = '';

  it("storage.createBucket('docs', { public: false, allowedMimeTypes, fileSizeLimit: '1MB' })", async () => {
    const result = await admin.storage.createBucket('docs', {
      public: false,
      allowedMimeTypes: ['application/pdf', 'image/*', 'text/plain'],
      fileSizeLimit: '1MB',
    });
    expect(result).toEqual({ data: { name: 'docs' }, error: null });
  });

  it("storage.createBucket('docs') again", async () => {
    const { data, error } = await admin.storage.createBucket('docs');
    expect(data).toBeNull();
    expect(error).toEqual(apiError('409', 'ResourceAlreadyExists', 'The resource already exists'));
  });

  it("storage.createBucket('bad/name')", async () => {
    const { error } = await admin.storage.createBucket('bad/name');
    expect(error).toEqual(apiError('400', 'InvalidBucketName', 'Bucket name invalid'));
  });

  it("storage.getBucket('docs')", async () => {
    const { data } = await admin.storage.getBucket('docs');
    expect(data).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['application/pdf', 'image/*', 'text/plain'],
    });
  });

  it("storage.getBucket('missing')", async () => {
    const { error } = await admin.storage.getBucket('missing');
    expect(error).toEqual(apiError('404', 'NoSuchBucket', 'Bucket not found'));
  });

  it("storage.updateBucket('pics', { public: true }) and storage.listBuckets()", async () => {
    await admin.storage.createBucket('pics', { public: false });
    expect(await admin.storage.updateBucket('pics', { public: true })).toEqual({
      data: { message: 'Successfully updated' },
      error: null,
    });
    const { data } = await admin.storage.listBuckets();
    // Project migrations add buckets of their own (application documents); only this file's matter here.
    const mine = data?.filter((b) => b.id === 'docs' || b.id === 'pics');
    expect(mine?.map((b) => [b.id, b.public])).toEqual([
      ['docs', false],
      ['pics', true],
    ]);
  });

  it("storage.from('docs').upload('u1/a.pdf', file, { metadata })", async () => {
    const { data, error } = await docs().upload('u1/a.pdf', samples.pdf(), { metadata: { purpose: 'test' } });
    expect(error).toBeNull();
    expect(data).toEqual({ path: 'u1/a.pdf', id: expect.stringMatching(uuid), fullPath: 'docs/u1/a.pdf' });
    firstId = data?.id ?? '';
  });

  it("storage.from('docs').upload('u1/a.pdf', file) without upsert", async () => {
    const { error } = await docs().upload('u1/a.pdf', samples.pdf());
    expect(error).toEqual(apiError('409', 'ResourceAlreadyExists', 'The resource already exists'));
  });

  it("storage.from('docs').upload('u1/a.pdf', file, { upsert: true }) keeps the object id", async () => {
    const { data } = await docs().upload('u1/a.pdf', samples.pdf(), { upsert: true });
    expect(data?.id).toBe(firstId);
  });

  it("storage.from('docs').upload('u1/b.pdf', buffer, { contentType: 'application/pdf' })", async () => {
    const { data } = await docs().upload('u1/b.pdf', Buffer.from('%PDF-1.4 raw body'), {
      contentType: 'application/pdf',
    });
    expect(data).toMatchObject({ path: 'u1/b.pdf', fullPath: 'docs/u1/b.pdf' });
  });

  it("storage.from('docs').update('u1/b.pdf', file)", async () => {
    const { error } = await docs().update(
      'u1/b.pdf',
      new Blob(['%PDF-2.0 updated'], { type: 'application/pdf' }),
    );
    expect(error).toBeNull();
    const { data } = await docs().download('u1/b.pdf');
    expect(await data?.text()).toBe('%PDF-2.0 updated');
  });

  it("storage.from('docs').download('u1/a.pdf')", async () => {
    const { data, error } = await docs().download('u1/a.pdf');
    expect(error).toBeNull();
    expect(data?.type).toBe('application/pdf');
    expect(await data?.text()).toBe(await samples.pdf().text());
  });

  it("storage.from('docs').download('u1/missing.pdf')", async () => {
    const { data, error } = await docs().download('u1/missing.pdf');
    expect(data).toBeNull();
    expect(error).toEqual(apiError('404', 'NoSuchKey', 'Object not found'));
  });

  it("storage.from('docs').info('u1/a.pdf')", async () => {
    const { data } = await docs().info('u1/a.pdf');
    expect(data).toMatchObject({
      id: firstId,
      name: 'u1/a.pdf',
      bucketId: 'docs',
      size: (await samples.pdf().arrayBuffer()).byteLength,
      contentType: 'application/pdf',
      cacheControl: 'max-age=3600',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
  });

  it("storage.from('docs').exists('u1/a.pdf') and exists('u1/nope.pdf')", async () => {
    expect(await docs().exists('u1/a.pdf')).toEqual({ data: true, error: null });
    const missing = await docs().exists('u1/nope.pdf');
    expect(missing.data).toBe(false);
    expect(missing.error).toEqual(apiError('404', 'NoSuchKey', 'Object not found'));
  });

  it("storage.from('docs').list() shows the folder, list('u1') the files", async () => {
    await docs().upload('u1/sub/c.txt', new Blob(['hello'], { type: 'text/plain' }));
    const top = await docs().list();
    expect(top.data).toEqual([
      {
        name: 'u1',
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
        user_metadata: null,
      },
    ]);
    const inner = await docs().list('u1');
    expect(inner.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['sub', true],
      ['a.pdf', false],
      ['b.pdf', false],
    ]);
    expect(inner.data?.[1]?.metadata).toMatchObject({
      mimetype: 'application/pdf',
      size: expect.any(Number),
    });
  });

  it("storage.from('docs').list('u1', { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } })", async () => {
    const { data } = await docs().list('u1', {
      limit: 1,
      offset: 1,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(data?.map((e) => e.name)).toEqual(['b.pdf']);
  });

  it("storage.from('docs').list('u1', { search: 'b' })", async () => {
    const { data } = await docs().list('u1', { search: 'b' });
    expect(data?.map((e) => e.name)).toEqual(['b.pdf']);
  });

  it("storage.from('docs').move('u1/b.pdf', 'u1/moved.pdf')", async () => {
    expect(await docs().move('u1/b.pdf', 'u1/moved.pdf')).toEqual({
      data: { message: 'Successfully moved' },
      error: null,
    });
    expect((await docs().download('u1/b.pdf')).error?.message).toBe('Object not found');
    expect(await (await docs().download('u1/moved.pdf')).data?.text()).toBe('%PDF-2.0 updated');
  });

  it("storage.from('docs').copy('u1/moved.pdf', 'u1/copy.pdf')", async () => {
    expect(await docs().copy('u1/moved.pdf', 'u1/copy.pdf')).toEqual({
      data: { path: 'docs/u1/copy.pdf' },
      error: null,
    });
    expect(await (await docs().download('u1/copy.pdf')).data?.text()).toBe('%PDF-2.0 updated');
  });

  it("storage.from('docs').move('u1/copy.pdf', '../../etc/passwd')", async () => {
    const { error } = await docs().move('u1/copy.pdf', '../../etc/passwd');
    expect(error).toEqual(apiError('400', 'InvalidKey', 'Invalid key: ../../etc/passwd'));
  });

  it("storage.from('docs').createSignedUrl('u1/a.pdf', 60)", async () => {
    const { data } = await docs().createSignedUrl('u1/a.pdf', 60);
    expect(data?.signedUrl).toMatch(
      new RegExp(`^${stack.url}/storage/v1/object/sign/docs/u1/a\\.pdf\\?token=`),
    );
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(await samples.pdf().text());
  });

  it("storage.from('docs').createSignedUrl('u1/a.pdf', 60, { download: 'report.pdf' })", async () => {
    const { data } = await docs().createSignedUrl('u1/a.pdf', 60, { download: 'report.pdf' });
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="report.pdf"');
  });

  it("storage.from('docs').createSignedUrls(['u1/a.pdf', 'u1/none.pdf'], 60)", async () => {
    const { data } = await docs().createSignedUrls(['u1/a.pdf', 'u1/none.pdf'], 60);
    expect(data).toEqual([
      {
        error: null,
        path: 'u1/a.pdf',
        signedURL: expect.stringContaining('/object/sign/docs/u1/a.pdf?token='),
        signedUrl: expect.stringContaining(`${stack.url}/storage/v1/object/sign/`),
      },
      {
        error: 'Either the object does not exist or you do not have access to it',
        path: 'u1/none.pdf',
        signedURL: null,
        signedUrl: null,
      },
    ]);
  });

  it("storage.from('docs').createSignedUploadUrl('u2/new.pdf') then uploadToSignedUrl", async () => {
    const { data: signed } = await docs().createSignedUploadUrl('u2/new.pdf');
    expect(signed).toMatchObject({ path: 'u2/new.pdf', token: expect.any(String) });
    const anon = clientFor(stack).storage.from('docs');
    const uploaded = await anon.uploadToSignedUrl('u2/new.pdf', signed?.token ?? '', samples.pdf());
    expect(uploaded).toEqual({ data: { path: 'u2/new.pdf', fullPath: 'docs/u2/new.pdf' }, error: null });
  });

  it("storage.from('pics').getPublicUrl('p.png') serves without a token; docs does not", async () => {
    await admin.storage.from('pics').upload('p.png', samples.png());
    const { data } = clientFor(stack).storage.from('pics').getPublicUrl('p.png');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const closed = await fetch(clientFor(stack).storage.from('docs').getPublicUrl('u1/a.pdf').data.publicUrl);
    expect(closed.status).toBe(400);
    expect(await closed.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });

  it("storage.from('docs').remove(['u1/a.pdf', 'u1/none.pdf'])", async () => {
    const { data } = await docs().remove(['u1/a.pdf', 'u1/none.pdf']);
    expect(data?.map((o) => [o.name, o.bucket_id])).toEqual([['u1/a.pdf', 'docs']]);
    expect((await docs().download('u1/a.pdf')).error?.message).toBe('Object not found');
  });

  it("storage.deleteBucket('docs') while it still holds objects", async () => {
    const { error } = await admin.storage.deleteBucket('docs');
    expect(error).toEqual(apiError('409', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'));
  });

  it("storage.emptyBucket('pics') then storage.deleteBucket('pics')", async () => {
    expect((await admin.storage.emptyBucket('pics')).error).toBeNull();
    expect(await admin.storage.deleteBucket('pics')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
    expect((await admin.storage.getBucket('pics')).error?.statusCode).toBe('404');
  });

  it('storage.from(…).download(…) with a forged bearer token', async () => {
    const forged = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false },
      global: { headers: { Authorization: 'Bearer not-a-jwt' } },
    });
    const { error } = await forged.storage.from('docs').download('u1/moved.pdf');
    expect(error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
  });
});
