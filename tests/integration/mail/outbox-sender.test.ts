import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from 'nodemailer';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { loadMailStatus } from '../../../src/features/admin/mail/mail-status.server.ts';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender.server.ts';
import { createSmtpTransport, type MailTransport } from '../../../src/lib/mail/transport.ts';
import { mailboxMessages } from '../../helpers/mailbox.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import { startCaptureServer, type CaptureServer } from '../../helpers/smtp-capture.ts';
import { course, intake, person, submitted } from '../applications/fixtures.ts';

let stack: RunningStack;
let courseId: string;
let intakeId: string;
let refusing: CaptureServer;
const transports: MailTransport[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  courseId = await course(stack);
  intakeId = await intake(stack, courseId);
  refusing = await startCaptureServer({ refuse: 'Relay access denied' });
});
afterAll(async () => {
  for (const transport of transports) transport.close?.();
  await refusing.close();
  await stack.stop();
});

const smtp = (url: string) => {
  const transport = createSmtpTransport({ url, from: 'Unipath Admissions <admissions@unipath.test>' });
  transports.push(transport);
  return transport;
};
/** A sender as one app server runs it: its own service-role client and its own SMTP connection. */
const senderTo = (url: string) =>
  createOutboxSender({
    client: clientFor(stack, stack.serviceRoleKey),
    transport: smtp(url),
    quietSeconds: 0,
  });
const mailboxSender = () => senderTo(stack.smtpUrl!);

const inbox = (to: string) => mailboxMessages(stack.mailboxUrl, to);

async function outboxRow(id: string) {
  const { rows } = await stack.db.query<{
    sent_at: Date | null;
    failed_at: Date | null;
    attempts: number;
    last_error: string | null;
    wait_seconds: number;
  }>(
    `select sent_at, failed_at, attempts, last_error,
            extract(epoch from next_attempt_at - now())::int as wait_seconds
       from public.notification_outbox where id = $1`,
    [id],
  );
  return rows[0]!;
}

/** Queues a message as the composer does, with text, HTML and (for reminders) an unsubscribe link. */
async function queue(to: string, kind = 'reminder_deadline', unsubscribe: string | null = null) {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.notification_outbox (recipient, kind, subject, body, body_html, unsubscribe_url)
     values ($1, $2, 'Three days left to submit', 'Your draft closes on Friday.',
             '<p>Your draft closes on <strong>Friday</strong>.</p>', $3) returning id`,
    [to, kind, unsubscribe],
  );
  return rows[0]!.id;
}

/** Clears what earlier tests left pending, so each test counts only its own messages. */
async function settleOutbox() {
  await stack.db.query(
    'update public.notification_outbox set sent_at = now() where sent_at is null and failed_at is null',
  );
}

describe('the outbox sender over SMTP', () => {
  it('delivers a real submission’s confirmation to the local mailbox’s SMTP listener once', async () => {
    const applicant = await person(stack);
    const app = await submitted(applicant, courseId, intakeId);
    // The receipt is an event until the composer makes it a message (at once here: no quiet window).
    await stack.db.query('select public.compose_notifications(0)');
    const { rows } = await stack.db.query<{ id: string; recipient: string }>(
      'select id, recipient from public.notification_outbox where application_id = $1',
      [app.id],
    );
    expect(rows).toHaveLength(1);

    expect((await mailboxSender().sweep()).failed).toBe(0);
    const messages = await inbox(rows[0]!.recipient);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'application_submitted' });
    expect(messages[0]?.subject).toMatch(/^We received your application UP-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    expect(messages[0]?.text).toContain('Applied Testing');
    expect((await outboxRow(rows[0]!.id)).sent_at).not.toBeNull();

    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    expect(await inbox(rows[0]!.recipient)).toHaveLength(1);
  });

  it('carries the subject, text, HTML and kind into the mailbox', async () => {
    await settleOutbox();
    const to = `html-${Date.now()}@example.com`;
    await queue(to, 'reminder_deadline', 'http://127.0.0.1:4321/unsubscribe?token=abc');
    expect(await mailboxSender().sweep()).toEqual({ sent: 1, failed: 0 });
    const [message] = await inbox(to);
    expect(message).toMatchObject({ kind: 'reminder_deadline', subject: 'Three days left to submit' });
    expect(message?.text.trim()).toBe('Your draft closes on Friday.');
    expect(message?.html).toContain('<p>Your draft closes on <strong>Friday</strong>.</p>');
  });

  it('keeps a message the SMTP server refuses, retrying with back-off, then marks it failed', async () => {
    await settleOutbox();
    const to = `refused-${Date.now()}@example.com`;
    const id = await queue(to);
    const sender = senderTo(refusing.url);

    expect(await sender.sweep()).toEqual({ sent: 0, failed: 1 });
    const first = await outboxRow(id);
    expect(first).toMatchObject({ sent_at: null, failed_at: null, attempts: 1 });
    expect(first.last_error).toMatch(/Relay access denied/);
    // The next try waits a minute; a sweep before then leaves the message alone.
    expect(first.wait_seconds).toBeGreaterThanOrEqual(55);
    expect(await sender.sweep()).toEqual({ sent: 0, failed: 0 });

    for (let attempt = 2; attempt <= 8; attempt += 1) {
      await stack.db.query('update public.notification_outbox set next_attempt_at = now() where id = $1', [
        id,
      ]);
      expect(await sender.sweep()).toEqual({ sent: 0, failed: 1 });
    }
    const last = await outboxRow(id);
    expect(last).toMatchObject({ sent_at: null, attempts: 8 });
    expect(last.failed_at).not.toBeNull();
    expect(refusing.received).toEqual([]);
    expect(await inbox(to)).toEqual([]);

    // A failed message is never swept again until an administrator retries it.
    await stack.db.query('update public.notification_outbox set next_attempt_at = now() where id = $1', [id]);
    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    expect(await inbox(to)).toEqual([]);

    // Administrators see it, with its last error; an applicant sees no outbox at all.
    const [admin, counsellor, applicant] = [
      await person(stack, ['admin']),
      await person(stack, ['counsellor']),
      await person(stack),
    ];
    const status = await loadMailStatus(admin.client);
    expect(status?.failed.find((m) => m.id === id)).toMatchObject({
      recipient: to,
      kind: 'reminder_deadline',
      attempts: 8,
      last_error: expect.stringMatching(/Relay access denied/) as unknown,
    });
    expect(await loadMailStatus(applicant.client)).toEqual({
      failed: [],
      jobFailures: [],
      pending: 0,
      retrying: 0,
    });

    // Only an administrator sends it again, from the first attempt; then it goes out.
    const refused = await counsellor.client.rpc('retry_notification', { notification_id: id });
    expect(refused.error).toMatchObject({ code: '42501' });
    const retried = await admin.client.rpc('retry_notification', { notification_id: id });
    expect(retried.error).toBeNull();
    expect((await loadMailStatus(admin.client))?.failed.some((m) => m.id === id)).toBe(false);
    expect(await mailboxSender().sweep()).toEqual({ sent: 1, failed: 0 });
    expect(await inbox(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ failed_at: null, attempts: 1 });
  });

  it('two sweepers at once deliver each message once', async () => {
    await settleOutbox();
    const run = `pair-${Date.now()}`;
    const recipients = Array.from({ length: 45 }, (_, i) => `${run}-${i}@example.com`);
    for (const to of recipients) await queue(to, 'application_updates');

    const [first, second] = await Promise.all([mailboxSender().sweep(), mailboxSender().sweep()]);
    expect(first.failed + second.failed).toBe(0);
    expect(first.sent + second.sent).toBe(recipients.length);

    const { rows } = await stack.db.query<{ recipient: string; n: number }>(
      `select recipient, count(*)::int as n from _local.mailbox where recipient like $1 group by recipient`,
      [`${run}-%`],
    );
    expect(rows).toHaveLength(recipients.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    const { rows: pending } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.notification_outbox where recipient like $1 and sent_at is null`,
      [`${run}-%`],
    );
    expect(pending[0]?.n).toBe(0);
  });

  it('a message whose sender stopped after claiming it goes out once its lease ends, and only then', async () => {
    await settleOutbox();
    const to = `lease-${Date.now()}@example.com`;
    const id = await queue(to, 'application_updates');
    // A server claims the message and stops before the mail server has it.
    const claimed = await clientFor(stack, stack.serviceRoleKey).rpc('claim_notifications', {
      batch_size: 20,
    });
    expect(claimed.data?.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 1 });

    // While the lease holds, no other sender takes it.
    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    expect(await inbox(to)).toHaveLength(0);

    // The lease runs out: the next sweep delivers it, once, and marks it sent.
    await stack.db.query(
      `update public.notification_outbox set claimed_until = now() - interval '1 second' where id = $1`,
      [id],
    );
    expect(await mailboxSender().sweep()).toEqual({ sent: 1, failed: 0 });
    expect(await mailboxSender().sweep()).toEqual({ sent: 0, failed: 0 });
    expect(await inbox(to)).toHaveLength(1);
    expect((await outboxRow(id)).sent_at).not.toBeNull();
    expect((await outboxRow(id)).attempts).toBe(2);
  });

  it('is not open to signed-in users: only the service role may claim the outbox', async () => {
    await settleOutbox();
    const applicant = await person(stack);
    await submitted(applicant, courseId, intakeId);
    const claimed = await applicant.client.rpc('claim_notifications', { batch_size: 20 });
    expect(claimed.error).not.toBeNull();
    const marked = await applicant.client.rpc('mark_notification_sent', {
      notification_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(marked.error).not.toBeNull();
    const anonymous = await clientFor(stack).rpc('release_notification', {
      notification_id: '00000000-0000-0000-0000-000000000000',
      failure: 'x',
    });
    expect(anonymous.error).not.toBeNull();
    await stack.db.query('select public.compose_notifications(0)');
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.notification_outbox where sent_at is null and failed_at is null',
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('the local mailbox’s SMTP listener', () => {
  it('refuses a message over its size limit and stores nothing', async () => {
    const client = createTransport({ url: stack.smtpUrl! });
    const to = `big-${Date.now()}@example.com`;
    try {
      await expect(
        client.sendMail({ from: 'a@example.com', to, subject: 'Big', text: 'x'.repeat(3 * 1024 * 1024) }),
      ).rejects.toThrow(/size/i);
    } finally {
      client.close();
    }
    expect(await inbox(to)).toEqual([]);
  });

  it('stores a message for each envelope recipient, with "email" as the kind of a foreign message', async () => {
    const client = createTransport({ url: stack.smtpUrl! });
    const run = Date.now();
    try {
      await client.sendMail({
        from: 'someone@example.com',
        to: `to-${run}@example.com`,
        bcc: `bcc-${run}@example.com`,
        subject: 'Hello',
        text: 'Plain words',
      });
    } finally {
      client.close();
    }
    for (const to of [`to-${run}@example.com`, `bcc-${run}@example.com`]) {
      expect(await inbox(to)).toEqual([
        expect.objectContaining({ kind: 'email', subject: 'Hello', text: 'Plain words', html: null }),
      ]);
    }
  });

  it('sends everything else when one message cannot be composed, and shows administrators the one that failed', async () => {
    await settleOutbox();
    const [poisoned, other, admin] = [
      await person(stack),
      await person(stack),
      await person(stack, ['admin']),
    ];
    await submitted(other, courseId, intakeId);
    const poisonedApp = await submitted(poisoned, courseId, intakeId);
    const { rows: references } = await stack.db.query<{ reference: string }>(
      'select reference from public.applications where id = $1',
      [poisonedApp.id],
    );
    const waiting = `queued-${Date.now()}@example.com`;
    await queue(waiting);
    // A letter whose words would be longer than the outbox keeps: composing it raises.
    await stack.db.query(
      `select public.queue_event($1, $2, 'decision_rejected', jsonb_build_object('reason', repeat('x', 50000)))`,
      [poisoned.id, poisonedApp.id],
    );

    expect(await mailboxSender().sweep()).toMatchObject({ failed: 0 });
    const { rows: recipients } = await stack.db.query<{ id: string; email: string }>(
      'select id, email from auth.users where id = any ($1)',
      [[poisoned.id, other.id]],
    );
    const emailOf = (id: string) => recipients.find((row) => row.id === id)!.email;
    expect(await inbox(waiting)).toHaveLength(1);
    expect((await inbox(emailOf(other.id))).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^We received your application /),
    ]);
    // The letter stands alone, so the receipt queued beside it is not held back by its failure.
    expect((await inbox(emailOf(poisoned.id))).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^We received your application /),
    ]);

    const status = await loadMailStatus(admin.client);
    const failure = status?.jobFailures.find((f) => f.reference === references[0]!.reference);
    expect(failure).toMatchObject({ job: 'compose', failures: 1 });
    expect(failure?.error).toMatch(/notification_outbox_body_check/);
    expect((await loadMailStatus(other.client))?.jobFailures ?? []).toEqual([]);

    // Once the cause is fixed, an administrator composes it again: the letter goes out.
    await stack.db.query(
      `update public.notification_events set fields = fields - 'reason' where application_id = $1 and template_key = 'decision_rejected'`,
      [poisonedApp.id],
    );
    const retried = await admin.client.rpc('retry_job_failure', { failure_id: failure!.id });
    expect(retried.error).toBeNull();
    await mailboxSender().sweep();
    expect((await inbox(emailOf(poisoned.id))).map((m) => m.kind)).toContain('decision_rejected');
  });
});
