import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const notes = () => admin.storage.from('notes');

beforeAll(async () => {
  stack = await startTestStack();
  admin = clientFor(stack, stack.serviceRoleKey);
  await admin.storage.createBucket('notes');
});
afterAll(() => stack.stop());

describe('user metadata on objects', () => {
  it('upload(path, blob, { metadata }) sends it as a form field; info() returns it as metadata', async () => {
    const blob = new Blob(['hello'], { type: 'text/plain' });
    await notes().upload('form.txt', blob, { metadata: { owner: 'ada', tags: ['x'] } });
    const { data } = await notes().info('form.txt');
    expect(data?.metadata).toEqual({ owner: 'ada', tags: ['x'] });
  });

  it('upload(path, buffer, { metadata }) sends it base64 in x-metadata; info() returns it', async () => {
    await notes().upload('raw.txt', Buffer.from('hi'), {
      contentType: 'text/plain',
      metadata: { source: 'raw' },
    });
    expect((await notes().info('raw.txt')).data?.metadata).toEqual({ source: 'raw' });
  });

  it('an upload without metadata has none', async () => {
    await notes().upload('plain.txt', new Blob(['x'], { type: 'text/plain' }));
    expect((await notes().info('plain.txt')).data?.metadata).toBeNull();
  });

  it('list() and listV2({ with_delimiter }) return it as user_metadata, null for folders', async () => {
    await notes().upload('dir/inner.txt', new Blob(['x'], { type: 'text/plain' }));
    const listed = await notes().list();
    const byName = new Map(listed.data?.map((e) => [e.name, e]));
    expect(byName.get('form.txt')).toMatchObject({ user_metadata: { owner: 'ada', tags: ['x'] } });
    expect(byName.get('plain.txt')).toMatchObject({ user_metadata: null });
    expect(byName.get('dir')).toMatchObject({ id: null, user_metadata: null });
    const { data } = await notes().listV2({ with_delimiter: true });
    expect(data?.objects.find((o) => o.name === 'raw.txt')).toMatchObject({
      user_metadata: { source: 'raw' },
    });
    expect(data?.folders[0]).toMatchObject({ name: 'dir/', user_metadata: null });
  });

  it('copy() keeps it; update() replaces it with what the new upload carries', async () => {
    await notes().copy('form.txt', 'copy.txt');
    expect((await notes().info('copy.txt')).data?.metadata).toEqual({ owner: 'ada', tags: ['x'] });
    await notes().update('form.txt', new Blob(['new'], { type: 'text/plain' }), { metadata: { v: 2 } });
    expect((await notes().info('form.txt')).data?.metadata).toEqual({ v: 2 });
  });

  it('refuses metadata that is not JSON', async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/notes/bad.txt`, {
      method: 'POST',
      headers: {
        apikey: stack.serviceRoleKey,
        authorization: `Bearer ${stack.serviceRoleKey}`,
        'content-type': 'text/plain',
        'x-metadata': Buffer.from('{not json').toString('base64'),
      },
      body: 'x',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});
