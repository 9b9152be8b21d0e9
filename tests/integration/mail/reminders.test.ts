import { spawn } from 'node:child_process';
import type { SupabaseClient } from '@supabase/supabase-js';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackgroundWork } from '../../../src/lib/jobs/background.server.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { queueReminders } from '../../../src/lib/jobs/admissions-jobs.server.ts';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender.server.ts';
import { createSmtpTransport } from '../../../src/lib/mail/transport.ts';
import { mailboxMessages } from '../../helpers/mailbox.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, draft, intake, person } from '../applications/fixtures.ts';
import { parseCourseSearch } from '../../../src/features/catalogue/schema.ts';
import { savedSearchDraft } from '../../../src/features/saved-searches/saved-search.ts';
import { saveSearch } from '../../../src/features/saved-searches/saved-searches.server.ts';
import type { Database } from '../../../src/lib/supabase/database.types.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** One worker's pass, as the app server or `npm run worker` makes it: queue reminders, then sweep. */
async function workerPass() {
  const client = clientFor(stack, stack.serviceRoleKey);
  const queued = await queueReminders(client);
  const transport = createSmtpTransport({ url: stack.smtpUrl! });
  try {
    const swept = await createOutboxSender({ client, transport, quietSeconds: 0 }).sweep();
    return { queued, swept };
  } finally {
    transport.close?.();
  }
}

const inbox = (to: string) => mailboxMessages(stack.mailboxUrl, to);

async function emailOf(id: string): Promise<string> {
  const { rows } = await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [
    id,
  ]);
  return rows[0]!.email;
}

describe('reminders', () => {
  it('go out once each when two workers queue and sweep at the same moment, and not again later', async () => {
    const courseId = await course(stack);
    const intakeId = await intake(stack, courseId, { deadlineDays: 3 });
    const applicants = await Promise.all([person(stack), person(stack), person(stack)]);
    for (const applicant of applicants) await draft(applicant, courseId, intakeId);

    await Promise.all([workerPass(), workerPass()]);
    const { rows } = await stack.db.query<{ sent: number; events: number }>(
      `select (select count(*)::int from public.reminders_sent r join public.applications a on a.id = r.application_id
               where a.intake_id = $1) as sent,
              (select count(*)::int from public.notification_events e join public.applications a on a.id = e.application_id
               where a.intake_id = $1 and e.template_key = 'reminder_draft_deadline') as events`,
      [intakeId],
    );
    expect(rows[0]).toEqual({ sent: 3, events: 3 });

    // A sweep that found the events still being recorded by the other worker sends them next time.
    await workerPass();
    for (const applicant of applicants) {
      const messages = await inbox(await emailOf(applicant.id));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ kind: 'reminder_draft_deadline' });
      expect(messages[0]?.subject).toBe('Applications for Applied Testing close in 3 days');
      expect(messages[0]?.text).toMatch(/\/unsubscribe\?token=[0-9a-f]{48}/);
    }

    expect((await workerPass()).queued).toBe(0);
    for (const applicant of applicants) expect(await inbox(await emailOf(applicant.id))).toHaveLength(1);
  });

  it('run in the app server unless BACKGROUND_WORK=off, and in `npm run worker` until SIGTERM', async () => {
    const courseId = await course(stack);
    const intakeId = await intake(stack, courseId, { deadlineDays: 1 });
    const applicant = await person(stack);
    const { id } = await draft(applicant, courseId, intakeId);
    const sent = async () =>
      (
        await stack.db.query<{ n: number }>(
          'select count(*)::int as n from public.reminders_sent where application_id = $1',
          [id],
        )
      ).rows[0]!.n;
    const env = {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SMTP_URL: stack.smtpUrl!,
    };
    await expect(startBackgroundWork({ ...env, BACKGROUND_WORK: 'sometimes' })).rejects.toThrow(
      'BACKGROUND_WORK must be "on" or "off", not "sometimes".',
    );
    // Timed work runs on setInterval: with it faked, "off" must have scheduled nothing at all.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const off = await startBackgroundWork({ ...env, BACKGROUND_WORK: 'off' });
      expect(vi.getTimerCount()).toBe(0);
      off();
    } finally {
      vi.useRealTimers();
    }
    expect(await sent()).toBe(0);

    const worker = spawn(process.execPath, ['src/server/worker.ts'], {
      env: { ...process.env, ...env, MAIL_SWEEP_SECONDS: '1', MESSAGE_QUIET_SECONDS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await expect.poll(sent, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(async () => (await inbox(await emailOf(applicant.id))).map((m) => m.subject), {
          timeout: 15_000,
        })
        .toEqual(['Applications for Applied Testing close tomorrow']);
    } finally {
      worker.kill('SIGTERM');
    }
    const [code] = (await once(worker, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('cannot be run by a signed-in user', async () => {
    const applicant = await person(stack);
    const { error } = await applicant.client.rpc('queue_reminders');
    expect(error).not.toBeNull();
  });
});

describe('saved searches as stored through the API', () => {
  it('keeps what the course search saves, and refuses filters of another shape that would break the alerts', async () => {
    const owner = await person(stack);
    const filters = parseCourseSearch(
      new URLSearchParams('q=law&level=master&country=GB&intake=9&duration_max=24'),
    );
    const saved = await saveSearch(
      owner.client as SupabaseClient<Database>,
      savedSearchDraft(filters, 'GBP'),
    );
    expect(saved.ok).toBe(true);
    for (const bad of [{ duration_max: 'abc' }, { level: 'x' }, { intake: '99999' }, { q: 1 }]) {
      const { error, count } = await owner.client
        .from('saved_searches')
        .insert(
          { label: 'Made by hand', query: `bad=${JSON.stringify(bad)}`, filters: bad },
          { count: 'exact' },
        );
      expect(error?.code, JSON.stringify(bad)).toBe('23514');
      expect(count).toBeNull();
    }
    const { data } = await owner.client.from('saved_searches').select('label');
    expect(data).toHaveLength(1);
    const alerts = await clientFor(stack, stack.serviceRoleKey).rpc('queue_search_alerts');
    expect(alerts.error).toBeNull();
  });
});
