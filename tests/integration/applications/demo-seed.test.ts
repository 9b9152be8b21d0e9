import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { DEMO_ACCOUNTS } from '../../../supabase/seed/demo-accounts.ts';
import { DEMO_APPLICATION_ID } from '../../../supabase/seed/demo-applications.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

describe('the demo application from the seed', () => {
  it('is on the demo applicant dashboard, submitted by them, and nobody else sees it', async () => {
    const [applicant, , counsellor] = DEMO_ACCOUNTS;
    const client = clientFor(stack);
    await client.auth.signInWithPassword({
      email: applicant?.email ?? '',
      password: applicant?.password ?? '',
    });
    const { data } = await client.from('applications').select('id, status, reference, answers');
    expect(data).toEqual([
      {
        id: DEMO_APPLICATION_ID,
        status: 'submitted',
        reference: expect.stringMatching(/^UP-\d{4}-DEMO42$/),
        answers: expect.objectContaining({
          personal: expect.objectContaining({ full_name: 'Amara Okafor' }),
        }),
      },
    ]);
    const history = await client
      .from('application_status_history')
      .select('from_status, to_status, actor_kind');
    expect(history.data).toEqual([{ from_status: 'draft', to_status: 'submitted', actor_kind: 'applicant' }]);

    const staff = clientFor(stack);
    await staff.auth.signInWithPassword({
      email: counsellor?.email ?? '',
      password: counsellor?.password ?? '',
    });
    expect((await staff.from('applications').select('id')).data).toEqual([{ id: DEMO_APPLICATION_ID }]);
    expect((await clientFor(stack).from('applications').select('id')).data ?? []).toEqual([]);
  });
});
