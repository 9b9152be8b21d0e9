import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { anonClient, signedInUser, startAuthStack } from './harness.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startAuthStack({ refresh_token_reuse_interval: 0 });
});
afterAll(() => stack.stop());

describe('refresh-token reuse detection', () => {
  it('returns the active token again when the parent is replayed (the client lost the answer)', async () => {
    const { client, session } = await signedInUser(stack);
    const { data } = await client.auth.refreshSession();
    const replay = await anonClient(stack).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toBeNull();
    expect(replay.data.session?.refresh_token).toBe(data.session?.refresh_token);
  });

  it('ends the whole session when an older token is reused', async () => {
    const { client, session } = await signedInUser(stack);
    await client.auth.refreshSession();
    const { data: current } = await client.auth.refreshSession();
    const attacker = anonClient(stack);
    const reused = await attacker.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const victim = await anonClient(stack).auth.refreshSession({
      refresh_token: current.session?.refresh_token ?? '',
    });
    expect(victim.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const access = await anonClient(stack).auth.getUser(current.session?.access_token ?? '');
    expect(access.error?.name).toBe('AuthSessionMissingError');
  });
});
