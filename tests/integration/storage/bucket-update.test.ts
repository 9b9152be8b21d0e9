import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const limits = { fileSizeLimit: 10, allowedMimeTypes: ['application/pdf'] };

beforeAll(async () => {
  stack = await startTestStack();
  admin = clientFor(stack, stack.serviceRoleKey);
});
afterAll(() => stack.stop());

async function limitsOf(id: string) {
  const { data } = await admin.storage.getBucket(id);
  return { file_size_limit: data?.file_size_limit, allowed_mime_types: data?.allowed_mime_types };
}

describe('storage.updateBucket(id, options)', () => {
  it('keeps the limits a call leaves out', async () => {
    await admin.storage.createBucket('kept', { public: false, ...limits });
    expect((await admin.storage.updateBucket('kept', { public: true })).error).toBeNull();
    expect(await limitsOf('kept')).toEqual({ file_size_limit: 10, allowed_mime_types: ['application/pdf'] });
    expect((await admin.storage.getBucket('kept')).data?.public).toBe(true);
  });

  it('clears them when they are passed as null, and uploads are then unrestricted', async () => {
    await admin.storage.createBucket('cleared', { public: false, ...limits });
    const result = await admin.storage.updateBucket('cleared', {
      public: false,
      fileSizeLimit: null,
      allowedMimeTypes: null,
    });
    expect(result).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect(await limitsOf('cleared')).toEqual({ file_size_limit: null, allowed_mime_types: null });
    const { error } = await admin.storage.from('cleared').upload('big.png', samples.png());
    expect(error).toBeNull();
  });

  it('replaces them when new values are given', async () => {
    await admin.storage.createBucket('replaced', { public: false, ...limits });
    await admin.storage.updateBucket('replaced', {
      public: false,
      fileSizeLimit: '2KB',
      allowedMimeTypes: ['image/*'],
    });
    expect(await limitsOf('replaced')).toEqual({ file_size_limit: 2000, allowed_mime_types: ['image/*'] });
  });
});
