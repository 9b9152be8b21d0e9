import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples, userClient } from './clients.ts';

const alice = '0d3c5d2e-1111-4a4a-8a8a-00000000000a';
const bob = '0d3c5d2e-2222-4b4b-8b8b-00000000000b';

let stack: RunningStack;
let clients: Record<'anon' | 'alice' | 'bob' | 'service', SupabaseClient>;
const documents = (who: keyof typeof clients) => clients[who].storage.from('documents');

beforeAll(async () => {
  stack = await startTestStack();
  // The owner-folder policies an app's migration would write for a private bucket.
  await stack.db.exec(`
    insert into storage.buckets (id, name, public) values ('documents', 'documents', false);
    create policy "documents: insert own folder" on storage.objects for insert to authenticated
      with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid()::text));
    create policy "documents: read own folder" on storage.objects for select to authenticated
      using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid()::text));
    create policy "documents: delete own folder" on storage.objects for delete to authenticated
      using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid()::text));
  `);
  clients = {
    anon: clientFor(stack),
    alice: await userClient(stack, alice),
    bob: await userClient(stack, bob),
    service: clientFor(stack, stack.serviceRoleKey),
  };
  for (const name of [`${alice}/a1.pdf`, `${alice}/a2.pdf`, `${bob}/b1.pdf`])
    expect((await documents('service').upload(name, samples.pdf())).error).toBeNull();
});
afterAll(() => stack.stop());

const denied = expect.objectContaining({
  status: 400,
  statusCode: '403',
  code: 'AccessDenied',
  message: 'new row violates row-level security policy',
});

describe('owner-folder policies on storage.objects', () => {
  it('list: alice sees her 2 files, bob and anon none of them, the service role all 2', async () => {
    const count = async (who: keyof typeof clients) => (await documents(who).list(alice)).data?.length;
    expect({
      anon: await count('anon'),
      alice: await count('alice'),
      bob: await count('bob'),
      service: await count('service'),
    }).toEqual({ anon: 0, alice: 2, bob: 0, service: 2 });
    expect((await documents('alice').list()).data?.map((e) => e.name)).toEqual([alice]);
    expect((await documents('service').list()).data?.map((e) => e.name).sort()).toEqual([alice, bob].sort());
  });

  it('download: only the owner and the service role get the bytes; others see "Object not found"', async () => {
    const outcome = async (who: keyof typeof clients) => {
      const { data, error } = await documents(who).download(`${alice}/a1.pdf`);
      return data ? 'bytes' : `${error?.statusCode} ${error?.message}`;
    };
    expect({
      anon: await outcome('anon'),
      alice: await outcome('alice'),
      bob: await outcome('bob'),
      service: await outcome('service'),
    }).toEqual({
      anon: '404 Object not found',
      alice: 'bytes',
      bob: '404 Object not found',
      service: 'bytes',
    });
  });

  it("upload: alice into her own folder, never into bob's; anon nowhere; the service role anywhere", async () => {
    const own = await documents('alice').upload(`${alice}/new.pdf`, samples.pdf());
    expect(own.error).toBeNull();
    expect((await documents('alice').upload(`${bob}/planted.pdf`, samples.pdf())).error).toEqual(denied);
    expect((await documents('anon').upload(`${alice}/anon.pdf`, samples.pdf())).error).toEqual(denied);
    expect((await documents('service').upload(`${bob}/from-service.pdf`, samples.pdf())).error).toBeNull();
    const { rows } = await stack.db.query<{ owner: string; owner_id: string }>(
      `select owner::text, owner_id from storage.objects where name = $1`,
      [`${alice}/new.pdf`],
    );
    expect(rows).toEqual([{ owner: alice, owner_id: alice }]);
    const planted = await stack.db.query(`select 1 from storage.objects where name = $1`, [
      `${bob}/planted.pdf`,
    ]);
    expect(planted.rows).toHaveLength(0);
  });

  it('upsert needs an UPDATE policy, which the app did not write', async () => {
    const { error } = await documents('alice').upload(`${alice}/a1.pdf`, samples.pdf(), { upsert: true });
    expect(error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it("signed URLs: bob cannot sign alice's file, alice can", async () => {
    expect((await documents('bob').createSignedUrl(`${alice}/a1.pdf`, 60)).error?.statusCode).toBe('404');
    expect((await documents('alice').createSignedUrl(`${alice}/a1.pdf`, 60)).data?.signedUrl).toContain(
      'token=',
    );
  });

  it("remove: bob and anon delete nothing of alice's; alice deletes her own; the service role deletes bob's", async () => {
    const removed = async (who: keyof typeof clients, name: string) =>
      (await documents(who).remove([name])).data?.length;
    expect(await removed('bob', `${alice}/a2.pdf`)).toBe(0);
    expect(await removed('anon', `${alice}/a2.pdf`)).toBe(0);
    expect((await documents('alice').download(`${alice}/a2.pdf`)).error).toBeNull();
    expect(await removed('alice', `${alice}/a2.pdf`)).toBe(1);
    expect(await removed('service', `${bob}/b1.pdf`)).toBe(1);
    expect((await documents('service').list(alice)).data?.map((e) => e.name)).toEqual(['a1.pdf', 'new.pdf']);
  });

  it('buckets: users cannot create or delete buckets without a policy on storage.buckets', async () => {
    expect((await clients.alice.storage.createBucket('mine')).error).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    expect((await clients.alice.storage.listBuckets()).data).toEqual([]);
    expect((await clients.bob.storage.deleteBucket('documents')).error?.statusCode).toBe('404');
  });
});
