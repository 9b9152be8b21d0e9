import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { samples } from './clients.ts';

let stack: RunningStack;
let admin: SupabaseClient;
const transform = { width: 32, height: 32, resize: 'cover' as const };
const notEnabled = {
  error: 'FeatureNotEnabled',
  statusCode: '403',
  message: 'feature not enabled for this tenant',
};

beforeAll(async () => {
  stack = await startTestStack();
  admin = clientFor(stack, stack.serviceRoleKey);
  await admin.storage.createBucket('images', { public: true });
  await admin.storage.from('images').upload('p.png', samples.png());
});
afterAll(() => stack.stop());

// Without the image transformation feature (a paid plan on hosted Supabase), Storage answers every
// /render/image route with its feature check and signs URLs without the transformation.
describe('image transformation on a project without the feature', () => {
  it('download(path, { transform }) fails with 403 FeatureNotEnabled', async () => {
    const { data, error } = await admin.storage.from('images').download('p.png', { transform });
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 403, statusCode: '403', message: notEnabled.message });
  });

  it('getPublicUrl(path, { transform }) points at /render/image, which answers 403', async () => {
    const { data } = clientFor(stack).storage.from('images').getPublicUrl('p.png', { transform });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/images/p.png?width=32');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(notEnabled);
  });

  it('createSignedUrl(path, 60, { transform }) signs the plain object URL, which serves the original', async () => {
    const { data } = await admin.storage.from('images').createSignedUrl('p.png', 60, { transform });
    expect(data?.signedUrl).toContain('/storage/v1/object/sign/images/p.png?token=');
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(await samples.png().arrayBuffer()));
  });
});
