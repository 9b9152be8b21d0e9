import type { SupabaseClient } from '@supabase/supabase-js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../supabase/local/config.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const refused = (statusCode: string, code: string, message: string) =>
  expect.objectContaining({ status: 400, statusCode, code, message });

/** The stack's clock: tests move it on instead of waiting. */
let elapsed = 0;

beforeAll(async () => {
  const config = readConfig(join(import.meta.dirname, '../../../supabase/config.toml'));
  stack = await startTestStack({
    clock: () => Date.now() + elapsed,
    config: {
      ...config,
      storage: {
        file_size_limit: '4KB',
        buckets: { declared: { public: true, allowed_mime_types: ['text/plain'], file_size_limit: '1KB' } },
      },
    },
  });
  admin = clientFor(stack, stack.serviceRoleKey);
  await admin.storage.createBucket('uploads', {
    public: false,
    allowedMimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'],
    fileSizeLimit: 1024,
  });
  await admin.storage.createBucket('images', { public: true, allowedMimeTypes: ['image/*'] });
  await admin.storage.createBucket('open', { public: false });
});
afterAll(() => stack.stop());

describe('the bytes are not looked at, as on hosted Storage', () => {
  const uploads = () => admin.storage.from('uploads');
  const stored = async (bucket: string, key: string) =>
    (await admin.storage.from(bucket).download(key)).data?.text();

  it('stores real PDF, PNG and JPEG files', async () => {
    expect((await uploads().upload('ok.pdf', samples.pdf())).error).toBeNull();
    expect((await uploads().upload('ok.png', samples.png())).error).toBeNull();
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], { type: 'image/jpeg' });
    expect((await uploads().upload('ok.jpg', jpeg)).error).toBeNull();
  });

  it('stores a PNG declared as application/pdf, and HTML or SVG declared as image/png', async () => {
    const png = new Blob([await samples.png().arrayBuffer()], { type: 'application/pdf' });
    expect((await uploads().upload('fake.pdf', png)).error).toBeNull();
    expect((await uploads().upload('x.png', samples.html('image/png'))).error).toBeNull();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>';
    const image = new Blob([svg], { type: 'image/png' });
    expect((await admin.storage.from('images').upload('y.png', image)).error).toBeNull();
    expect(await stored('images', 'y.png')).toBe(svg);
  });

  it('stores binary declared as text/plain, through a signed upload URL as well', async () => {
    const binary = new Blob([new Uint8Array([0, 1, 2, 0xff])], { type: 'text/plain' });
    expect((await uploads().upload('bin.txt', binary)).error).toBeNull();
    const { data } = await uploads().createSignedUploadUrl('signed.png');
    const result = await clientFor(stack)
      .storage.from('uploads')
      .uploadToSignedUrl('signed.png', data?.token ?? '', samples.html('image/png'));
    expect(result.error).toBeNull();
  });
});

describe('MIME allow-lists and size limits', () => {
  it('refuses a type outside the allow-list, and honours image/* wildcards', async () => {
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    expect((await admin.storage.from('uploads').upload('a.zip', zip)).error).toEqual(
      refused('415', 'InvalidMimeType', 'mime type application/zip is not supported'),
    );
    const gif = new Blob(['GIF89a\x01\x00'], { type: 'image/gif' });
    expect((await admin.storage.from('images').upload('a.gif', gif)).error).toBeNull();
    expect((await admin.storage.from('images').upload('a.pdf', samples.pdf())).error?.message).toBe(
      'mime type application/pdf is not supported',
    );
  });

  it("refuses a file over the bucket's limit", async () => {
    const big = new Blob(['x'.repeat(2000)], { type: 'text/plain' });
    expect((await admin.storage.from('uploads').upload('big.txt', big)).error).toEqual(
      refused('413', 'EntityTooLarge', 'The object exceeded the maximum allowed size'),
    );
  });

  it('refuses a file over the global limit in a bucket without its own, raw or multipart', async () => {
    const body = 'y'.repeat(5000);
    const multipart = await admin.storage.from('open').upload('big.bin', new Blob([body]));
    expect(multipart.error).toEqual(
      refused('413', 'EntityTooLarge', 'The object exceeded the maximum allowed size'),
    );
    const raw = await admin.storage.from('open').upload('big.raw', Buffer.from(body));
    expect(raw.error).toMatchObject({ code: 'EntityTooLarge' });
    expect(
      (await admin.storage.from('open').upload('small.bin', Buffer.from('y'.repeat(3000)))).error,
    ).toBeNull();
  });

  it('creates the buckets config.toml declares', async () => {
    const { data } = await admin.storage.getBucket('declared');
    expect(data).toMatchObject({ public: true, file_size_limit: 1000, allowed_mime_types: ['text/plain'] });
  });
});

describe('signed URLs', () => {
  const docs = () => admin.storage.from('uploads');

  it('stop working once expired', async () => {
    const { data } = await docs().createSignedUrl('ok.pdf', 1);
    expect((await fetch(data?.signedUrl ?? '')).status).toBe(200);
    elapsed += 2100;
    const late = await fetch(data?.signedUrl ?? '');
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      statusCode: '400',
      code: 'ExpiredToken',
      error: 'ExpiredToken',
      message: 'The provided token has expired.',
    });
  });

  it('are bound to one object: a token for ok.pdf does not open ok.png', async () => {
    const { data } = await docs().createSignedUrl('ok.pdf', 60);
    const token = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? '';
    const other = await fetch(`${stack.url}/storage/v1/object/sign/uploads/ok.png?token=${token}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: 'InvalidSignature', message: 'Invalid signature' });
  });

  it('serve ranges and answer 304 to a matching If-None-Match', async () => {
    const { data } = await docs().createSignedUrl('ok.pdf', 60);
    const url = data?.signedUrl ?? '';
    const part = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF');
    const etag = (await fetch(url)).headers.get('etag') ?? '';
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('upload URLs work once without upsert and only for their own path', async () => {
    const { data } = await docs().createSignedUploadUrl('once.pdf');
    const anon = clientFor(stack).storage.from('uploads');
    expect((await anon.uploadToSignedUrl('other.pdf', data?.token ?? '', samples.pdf())).error?.message).toBe(
      'Invalid signature',
    );
    expect((await anon.uploadToSignedUrl('once.pdf', data?.token ?? '', samples.pdf())).error).toBeNull();
    expect(
      (await anon.uploadToSignedUrl('once.pdf', data?.token ?? '', samples.pdf())).error?.statusCode,
    ).toBe('409');
  });
});

describe('public and private buckets', () => {
  it('a private bucket has no public path; a public one does, while its authenticated path still obeys policies', async () => {
    const closed = await fetch(admin.storage.from('uploads').getPublicUrl('ok.pdf').data.publicUrl);
    expect(await closed.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const open = await fetch(admin.storage.from('images').getPublicUrl('a.gif').data.publicUrl);
    expect(open.status).toBe(200);
    const viaApi = await clientFor(stack).storage.from('images').download('a.gif');
    expect(viaApi.error?.statusCode).toBe('404');
  });
});
