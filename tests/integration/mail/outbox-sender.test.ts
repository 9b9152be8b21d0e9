import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender.server.ts';
import { createHttpTransport, type MailTransport } from '../../../src/lib/mail/transport.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { course, intake, person, submitted } from '../applications/fixtures.ts';

let stack: RunningStack;
let courseId: string;
let intakeId: string;

beforeAll(async () => {
  stack = await startTestStack();
  courseId = await course(stack);
  intakeId = await intake(stack, courseId);
});
afterAll(() => stack.stop());

const senderWith = (transport: MailTransport) =>
  createOutboxSender({ client: clientFor(stack, stack.serviceRoleKey), transport, quietSeconds: 0 });
const mailboxSender = () => senderWith(createHttpTransport(`${stack.mailboxUrl}/api/send`));

async function outboxRow(applicationId: string) {
  // The receipt is an event until the composer makes it a message (at once here: no quiet window).
  await stack.db.query('select public.compose_notifications(0)');
  const { rows } = await stack.db.query<{
    recipient: string;
    sent_at: Date | null;
    attempts: number;
    last_error: string | null;
  }>(
    'select recipient, sent_at, attempts, last_error from public.notification_outbox where application_id = $1',
    [applicationId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function inbox(to: string) {
  const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: { kind: string; subject: string; text: string }[] })
    .messages;
}

async function pendingCount() {
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from public.notification_outbox where sent_at is null',
  );
  return rows[0]!.n;
}

describe('the outbox sender', () => {
  it('delivers the confirmation of a real submission exactly once, even to two sweeps at once', async () => {
    const applicant = await person(stack);
    const app = await submitted(applicant, courseId, intakeId);
    const { recipient } = await outboxRow(app.id);
    const pending = await pendingCount();

    const [first, second] = await Promise.all([mailboxSender().sweep(), mailboxSender().sweep()]);
    expect(first.sent + second.sent).toBe(pending);
    expect(first.failed + second.failed).toBe(0);

    const messages = await inbox(recipient);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'application_submitted' });
    expect(messages[0]?.subject).toMatch(/^We received your application UP-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    expect(messages[0]?.text).toContain('Applied Testing');
    expect((await outboxRow(app.id)).sent_at).not.toBeNull();

    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    expect(await inbox(recipient)).toHaveLength(1);
  });

  it('keeps a message a failing transport could not deliver for the next sweep', async () => {
    const applicant = await person(stack);
    const app = await submitted(applicant, courseId, intakeId);
    const failing = senderWith({
      send: () => Promise.reject(new Error('relay unreachable')),
    });

    expect(await failing.sweep()).toEqual({ sent: 0, failed: 1 });
    const afterFailure = await outboxRow(app.id);
    expect(afterFailure).toMatchObject({ sent_at: null, attempts: 1, last_error: 'relay unreachable' });
    expect(await inbox(afterFailure.recipient)).toEqual([]);

    // It waits a minute before the next attempt.
    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    await stack.db.query(
      `update public.notification_outbox set next_attempt_at = now() where application_id = $1`,
      [app.id],
    );
    expect(await mailboxSender().sweep()).toEqual({ sent: 1, failed: 0 });
    expect((await outboxRow(app.id)).attempts).toBe(2);
    expect(await inbox(afterFailure.recipient)).toHaveLength(1);
  });

  it('is not open to signed-in users: only the service role may claim the outbox', async () => {
    const applicant = await person(stack);
    await submitted(applicant, courseId, intakeId);
    const claimed = await applicant.client.rpc('claim_notifications', { batch_size: 20 });
    expect(claimed.error).not.toBeNull();
    const anonymous = await clientFor(stack).rpc('release_notification', {
      notification_id: '00000000-0000-0000-0000-000000000000',
      failure: 'x',
    });
    expect(anonymous.error).not.toBeNull();
    await stack.db.query('select public.compose_notifications(0)');
    expect(await pendingCount()).toBe(1);
  });
});
