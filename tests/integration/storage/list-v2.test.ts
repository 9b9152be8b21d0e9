import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { userClient } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const files = () => admin.storage.from('files');
const keys = ['a.txt', 'u1/b.txt', 'u1/c.txt', 'u1/sub/d.txt', 'u2/e.txt'];

beforeAll(async () => {
  stack = await startTestStack();
  admin = clientFor(stack, stack.serviceRoleKey);
  await admin.storage.createBucket('files');
  for (const key of keys) await files().upload(key, new Blob([key], { type: 'text/plain' }));
});
afterAll(() => stack.stop());

describe('storage.from(…).listV2() (POST /object/list-v2/{bucket})', () => {
  it('lists every object flat, by full name, when no delimiter is asked for', async () => {
    const { data, error } = await files().listV2();
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: expect.any(Array) });
    expect(data?.objects.map((o) => o.name)).toEqual(keys);
    expect(data?.objects[0]).toEqual({
      id: expect.any(String),
      name: 'a.txt',
      metadata: expect.objectContaining({ mimetype: 'text/plain', size: 5 }),
      updated_at: expect.any(String),
      created_at: expect.any(String),
      last_accessed_at: expect.any(String),
    });
  });

  it('with_delimiter groups one level into folders (name ends in /) and objects; key is the last segment', async () => {
    const { data } = await files().listV2({ with_delimiter: true });
    expect(data?.folders).toEqual([
      expect.objectContaining({ key: 'u1', name: 'u1/', id: null, metadata: null }),
      expect.objectContaining({ key: 'u2', name: 'u2/', id: null, metadata: null }),
    ]);
    expect(data?.objects.map((o) => [o.key, o.name])).toEqual([['a.txt', 'a.txt']]);
    expect(data?.hasNext).toBe(false);
  });

  it('a prefix keeps names whole and keys relative to the level', async () => {
    const { data } = await files().listV2({ prefix: 'u1/', with_delimiter: true });
    expect(data?.folders.map((f) => [f.key, f.name])).toEqual([['sub', 'u1/sub/']]);
    expect(data?.objects.map((o) => [o.key, o.name])).toEqual([
      ['b.txt', 'u1/b.txt'],
      ['c.txt', 'u1/c.txt'],
    ]);
  });

  it('pages with limit and the opaque nextCursor until hasNext is false', async () => {
    const first = await files().listV2({ limit: 2 });
    expect(first.data?.objects.map((o) => o.name)).toEqual(['a.txt', 'u1/b.txt']);
    expect(first.data).toMatchObject({ hasNext: true, nextCursor: expect.any(String) });
    const second = await files().listV2({ limit: 2, cursor: first.data?.nextCursor ?? '' });
    expect(second.data?.objects.map((o) => o.name)).toEqual(['u1/c.txt', 'u1/sub/d.txt']);
    const third = await files().listV2({ limit: 2, cursor: second.data?.nextCursor ?? '' });
    expect(third.data?.objects.map((o) => o.name)).toEqual(['u2/e.txt']);
    expect(third.data?.hasNext).toBe(false);
    expect(third.data).not.toHaveProperty('nextCursor');
  });

  it('pages folders and objects together when with_delimiter is set', async () => {
    const first = await files().listV2({ with_delimiter: true, limit: 2 });
    expect(first.data?.objects.map((o) => o.name)).toEqual(['a.txt']);
    expect(first.data?.folders.map((f) => f.name)).toEqual(['u1/']);
    const second = await files().listV2({
      with_delimiter: true,
      limit: 2,
      cursor: first.data?.nextCursor ?? '',
    });
    expect(second.data?.folders.map((f) => f.name)).toEqual(['u2/']);
    expect(second.data?.hasNext).toBe(false);
  });

  it("sortBy { column: 'name', order: 'desc' } pages backwards; the cursor remembers the order", async () => {
    const first = await files().listV2({ limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(first.data?.objects.map((o) => o.name)).toEqual(['u2/e.txt', 'u1/sub/d.txt']);
    const second = await files().listV2({ limit: 2, cursor: first.data?.nextCursor ?? '' });
    expect(second.data?.objects.map((o) => o.name)).toEqual(['u1/c.txt', 'u1/b.txt']);
  });

  it("sortBy { column: 'created_at' } orders by upload time, name breaking ties", async () => {
    const { data } = await files().listV2({ sortBy: { column: 'created_at', order: 'desc' } });
    expect(data?.objects.map((o) => o.name)).toEqual([...keys].reverse());
  });

  it('refuses limit 0 and a cursor it did not issue', async () => {
    const zero = await files().listV2({ limit: 0 });
    expect(zero.error).toMatchObject({ status: 400, statusCode: '400', code: 'InvalidRequest' });
    const forged = await files().listV2({ cursor: Buffer.from('nonsense').toString('base64') });
    expect(forged.error).toMatchObject({
      status: 400,
      statusCode: '400',
      code: 'InvalidParameter',
      message: 'Invalid Parameter continuation token',
    });
  });

  it('shows a user only the rows their policies let them select (none here)', async () => {
    const user = await userClient(stack, '7d0d8d34-7a5e-4a5a-9d7e-3f1f6c1b2a10');
    const { data } = await user.storage.from('files').listV2({ with_delimiter: true });
    expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
  });
});
