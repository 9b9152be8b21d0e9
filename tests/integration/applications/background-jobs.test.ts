import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundWork } from '../../../src/lib/jobs/background.server.ts';
import { expireOffers } from '../../../src/lib/jobs/admissions-jobs.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, decide, intake, move, person, submitted } from './fixtures.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const mode = async () =>
  (await stack.db.query<{ mode: string }>('select decision_approval as mode from public.admissions_settings'))
    .rows[0]?.mode;

describe('the app server’s background work', () => {
  it('applies DECISION_APPROVAL from its environment at start', async () => {
    const env = {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SMTP_URL: stack.smtpUrl ?? '',
    };
    const stop = await startBackgroundWork({ ...env, DECISION_APPROVAL: 'none' });
    stop();
    expect(await mode()).toBe('none');
    const again = await startBackgroundWork(env);
    again();
    expect(await mode()).toBe('admin');
    await expect(startBackgroundWork({ ...env, DECISION_APPROVAL: 'maybe' })).rejects.toThrow(
      'DECISION_APPROVAL must be "admin" or "none", not "maybe".',
    );
  });

  it('lapses offers whose reply-by date has passed, freeing the place', async () => {
    const [applicant, counsellor, admin] = [
      await person(stack),
      await person(stack, ['counsellor']),
      await person(stack, ['admin']),
    ];
    const courseId = await course(stack);
    const intakeId = await intake(stack, courseId, { capacity: 1 });
    const { id } = await submitted(applicant, courseId, intakeId);
    await move(counsellor, id, 'under_review');
    await decide(admin, id, 'offer_unconditional', {
      override_reason: 'Documents seen in person',
      release: true,
    });
    await stack.db.query('update public.applications set reply_by = current_date - 1 where id = $1', [id]);
    expect(await expireOffers(clientFor(stack, stack.serviceRoleKey))).toBe(1);
    const seen = await applicant.client.from('applications').select('status').eq('id', id).single();
    expect(seen.data).toEqual({ status: 'expired' });
    const places = await admin.client.rpc('staff_intake_places', { intake_id: intakeId });
    expect(places.data).toEqual([expect.objectContaining({ held: 0, places_left: 1 })]);
  });
});
