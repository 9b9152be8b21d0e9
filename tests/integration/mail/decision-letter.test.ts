import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createOutboxSender } from '../../../src/lib/mail/outbox-sender.server.ts';
import { createSmtpTransport, type MailTransport } from '../../../src/lib/mail/transport.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { startCaptureServer, type CaptureServer } from '../../helpers/smtp-capture.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';
import {
  course,
  decide,
  intake,
  move,
  person,
  submitted,
  verifyDocuments,
  type Person,
} from '../applications/fixtures.ts';

let stack: RunningStack;
let relay: CaptureServer;
let transport: MailTransport;
let owner: Person;
let other: Person;
let admin: Person;
let appId: string;
let decisionId: string;

const emailOf = async (who: Person) =>
  (await stack.db.query<{ email: string }>('select email from auth.users where id = $1', [who.id])).rows[0]!
    .email;

beforeAll(async () => {
  stack = await startTestStack();
  relay = await startCaptureServer();
  transport = createSmtpTransport({ url: relay.url });
  [owner, other, admin] = [await person(stack), await person(stack), await person(stack, ['admin'])];
  const courseId = await course(stack);
  const intakeId = await intake(stack, courseId);
  appId = (await submitted(owner, courseId, intakeId)).id;
  await stack.db.query(
    `update public.universities u set letter_signatory = 'Dr Amira Hassan', letter_signatory_title = 'Director of Admissions'
      from public.courses c where c.id = $1 and u.id = c.university_id`,
    [courseId],
  );
  await move(admin, appId, 'under_review');
  await verifyDocuments(admin, appId);
  const decided = await decide(admin, appId, 'offer_conditional', {
    conditions: '- A-level Mathematics at grade A\n- IELTS 6.5 overall',
    conditions_deadline: '2099-08-31',
    reply_by: '2099-04-01',
    release: true,
  });
  expect(decided.error).toBeNull();
  const { rows } = await stack.db.query<{ id: string }>(
    "select id from public.application_decisions where application_id = $1 and state = 'released'",
    [appId],
  );
  decisionId = rows[0]!.id;
});
afterAll(async () => {
  transport.close?.();
  await relay.close();
  await stack.stop();
});

describe('decision letters as PDF', () => {
  it('are listed to the applicant and to staff, and to nobody else', async () => {
    const listed = async (client: Person['client']) => {
      const { data, error } = await client.rpc('decision_letters', { application_ids: [appId] });
      return error ? error.code : (data ?? []).length;
    };
    expect(await listed(owner.client)).toBe(1);
    expect(await listed(admin.client)).toBe(1);
    expect(await listed(other.client)).toBe(0);
    expect(await listed(clientFor(stack))).toBe('42501');
    const read = async (client: Person['client']) =>
      (await client.rpc('decision_letter', { decision_id: decisionId })).data as {
        reference?: string;
      } | null;
    expect((await read(owner.client))?.reference).toMatch(/\S/);
    expect(await read(other.client)).toBeNull();
  });

  it('keep the reply-by date the offer was made with, and only the sender reads a message’s letter', async () => {
    const { data } = await owner.client.rpc('decision_letter', { decision_id: decisionId });
    expect(data).toMatchObject({
      reply_by: '2099-04-01',
      decision: 'Conditional offer',
      signatory: 'Dr Amira Hassan',
    });
    const refused = await owner.client.rpc('letter_for_message', { notification_id: decisionId });
    expect(refused.error?.code).toBe('42501');
  });

  it('a decision not yet released has no letter', async () => {
    const pending = await decide(admin, appId, 'offer_withdrawn', {
      reason_id: (
        await stack.db.query<{ id: string }>(
          "select id from public.decision_reasons where outcome = 'offer_withdrawn' and active order by position limit 1",
        )
      ).rows[0]!.id,
    });
    expect(pending.error).toBeNull();
    const { data } = await owner.client.rpc('decision_letters', { application_ids: [appId] });
    expect((data ?? []).length).toBe(1);
  });

  it('go with the decision e-mail as a PDF the applicant can read', async () => {
    const sender = createOutboxSender({
      client: clientFor(stack, stack.serviceRoleKey),
      transport,
      quietSeconds: 0,
    });
    await sender.sweep();
    const to = await emailOf(owner);
    const mail = relay.received.find(
      (m) => m.rcptTo.includes(to) && m.parsed.headers.get('x-unipath-kind') === 'decision_offer_conditional',
    );
    expect(mail, 'the offer letter reached the relay').toBeDefined();
    const attachments = mail!.parsed.attachments;
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/^decision-letter-[A-Z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/), 'application/pdf'],
    ]);
    const { text } = await pdfText(attachments[0]!.content);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Conditional offer: Applied Testing');
    expect(flat).toContain('1. A-level Mathematics at grade A (by 31 August 2099)');
    expect(flat).toContain('2. IELTS 6.5 overall (by 31 August 2099)');
    expect(flat).toContain('by 1 April 2099');
    expect(flat).toContain('Dr Amira Hassan');
    const receipt = relay.received.find(
      (m) => m.rcptTo.includes(to) && m.parsed.headers.get('x-unipath-kind') === 'application_submitted',
    );
    expect(receipt?.parsed.attachments ?? []).toEqual([]);
  });
});
