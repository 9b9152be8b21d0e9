import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { storeCheckedFile } from '../../../src/features/applications/file-store.server.ts';
import { sendMessage } from '../../../src/features/applications/messages/send-message.server.ts';
import { startTestStack } from '../../helpers/stack.ts';
import { BUCKET, course, intake, move, pdfBytes, person, submitted, type Person } from './fixtures.ts';

let stack: RunningStack;
let owner: Person;
let intruder: Person;
let counsellor: Person;
let appId: string;
let intruderAppId: string;
let filePath: string;

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(sql, params);
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  stack = await startTestStack();
  owner = await person(stack);
  intruder = await person(stack);
  counsellor = await person(stack, ['counsellor']);
  const courseId = await course(stack);
  const intakeId = await intake(stack, courseId);
  appId = (await submitted(owner, courseId, intakeId)).id;
  intruderAppId = (await submitted(intruder, courseId, intakeId)).id;
  await move(counsellor, appId, 'under_review');
  filePath = `${owner.id}/${appId}/messages/${crypto.randomUUID()}-scan.pdf`;
  const upload = await owner.writer.storage
    .from(BUCKET)
    .upload(filePath, pdfBytes(), { contentType: 'application/pdf' });
  if (upload.error) throw upload.error;
  const sent = await owner.client.rpc('post_application_message', {
    application_id: appId,
    body: 'Here is my scan.',
    attachment: { storage_path: filePath, file_name: 'scan.pdf' },
  });
  if (sent.error) throw new Error(sent.error.message);
  await counsellor.client.from('application_notes').insert({ application_id: appId, body: 'Internal only.' });
});
afterAll(() => stack.stop());

describe('the conversation on an application through the REST API', () => {
  it("shows another applicant none of the thread, its attachment, read markers or the staff's notes", async () => {
    await owner.client.rpc('mark_messages_read', { application_id: appId });
    const reads = await Promise.all([
      intruder.client.from('application_messages').select('*').eq('application_id', appId),
      intruder.client.from('application_message_attachments').select('*'),
      intruder.client.from('application_message_reads').select('*'),
      intruder.client.from('application_notes').select('*'),
    ]);
    for (const read of reads) expect(read.data ?? []).toEqual([]);
    expect((await intruder.client.storage.from(BUCKET).download(filePath)).data).toBeNull();
    expect((await intruder.client.storage.from(BUCKET).createSignedUrl(filePath, 60)).data).toBeNull();
    const own = await owner.client.from('application_messages').select('body').eq('application_id', appId);
    expect(own.data).toEqual([{ body: 'Here is my scan.' }]);
    expect((await owner.client.from('application_notes').select('*')).data ?? []).toEqual([]);
    expect((await owner.client.storage.from(BUCKET).download(filePath)).data?.size).toBeGreaterThan(0);
  });

  it("refuses a message on someone else's application with a clear error and stores nothing", async () => {
    const before = await count('select count(*)::int as n from public.application_messages', []);
    const forged = await intruder.client.rpc('post_application_message', {
      application_id: appId,
      body: 'Let me in',
    });
    expect(forged.error?.message).toBe('That application was not found, or you cannot write on it.');
    const planted = await intruder.client
      .from('application_messages')
      .insert({ application_id: appId, author_id: intruder.id, author_role: 'staff', body: 'Forged' });
    expect(planted.error?.code).toBe('42501');
    const planting = await storeCheckedFile(
      intruder.client,
      intruder.writer,
      'can_upload_message_file',
      `${owner.id}/${appId}/messages/${crypto.randomUUID()}-planted.pdf`,
      new File([pdfBytes()], 'planted.pdf'),
      'application/pdf',
    );
    expect(planting).toBe('refused');
    expect((await owner.client.storage.from(BUCKET).remove([filePath])).data ?? []).toEqual([]);
    expect(await count('select count(*)::int as n from public.application_messages', [])).toBe(before);
  });

  it('refuses empty and oversized messages, and keeps script as text', async () => {
    const empty = await owner.client.rpc('post_application_message', { application_id: appId, body: ' \n ' });
    expect(empty.error?.message).toBe('Write a message before sending it.');
    const long = await owner.client.rpc('post_application_message', {
      application_id: appId,
      body: 'x'.repeat(5001),
    });
    expect(long.error?.message).toBe('The message is 5001 characters long; it can be 5000 at most.');
    const script = await owner.client.rpc('post_application_message', {
      application_id: appId,
      body: '<img src=x onerror=alert(1)>',
    });
    expect((script.data as { body: string }).body).toBe('<img src=x onerror=alert(1)>');
  });

  it('lets staff reply, counts unread per person, and tells the applicant', async () => {
    expect((await counsellor.client.rpc('staff_unread_message_total')).data).toBe(2);
    const reply = await counsellor.client.rpc('post_application_message', {
      application_id: appId,
      body: 'Thank you, received.',
    });
    expect((reply.data as { author_role: string }).author_role).toBe('staff');
    expect((await owner.client.rpc('my_unread_message_total')).data).toBe(1);
    expect((await intruder.client.rpc('my_unread_message_total')).data).toBe(0);
    expect((await intruder.client.rpc('staff_unread_message_total')).data).toBe(0);
    const events = await count(
      `select count(*)::int as n from public.notification_events
       where recipient_id = $1 and application_id = $2 and template_key = 'new_message'`,
      [owner.id, appId],
    );
    expect(events).toBe(1);
    const onOther = await counsellor.client.rpc('post_application_message', {
      application_id: intruderAppId,
      body: 'A question for you.',
    });
    expect(onOther.error).toBeNull();
  });

  it('answers 429 once a person has sent ten messages in ten minutes', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const sent = await intruder.client.rpc('post_application_message', {
        application_id: intruderAppId,
        body: `Message ${n}`,
      });
      statuses.push(sent.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sends a message typed with a NUL character without it, instead of failing', async () => {
    const form = new FormData();
    form.set('body', 'Here is\u0000 my question.');
    expect(await sendMessage(owner.client as never, appId, form, undefined)).toBeNull();
    const stored = await owner.client
      .from('application_messages')
      .select('body')
      .eq('application_id', appId)
      .eq('body', 'Here is my question.');
    expect(stored.data).toHaveLength(1);
  });
});
