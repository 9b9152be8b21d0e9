import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { startTestStack } from '../../helpers/stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const send = (body: unknown, contentType = 'application/json') =>
  fetch(`${stack.mailboxUrl}/api/send`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function inbox(to: string) {
  const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: Record<string, unknown>[] }).messages;
}

describe('the mailbox send endpoint', () => {
  it('keeps a sent e-mail where the mailbox API and page show it', async () => {
    const response = await send({
      to: 'Reader@Example.test',
      subject: 'We received your application UP-2027-ABCDEF',
      text: 'Hello Reader,\n\nThanks.',
      html: '<p>Hello Reader</p>',
      kind: 'application_submitted',
    });
    expect(response.status).toBe(200);
    expect(await inbox('reader@example.test')).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'Reader@Example.test',
        kind: 'application_submitted',
        subject: 'We received your application UP-2027-ABCDEF',
        text: 'Hello Reader,\n\nThanks.',
        html: '<p>Hello Reader</p>',
      }),
    ]);
    const page = await (await fetch(`${stack.mailboxUrl}/?to=reader@example.test`)).text();
    expect(page).toContain('We received your application UP-2027-ABCDEF');
  });

  it('needs no API key and files a message without a kind as a plain message', async () => {
    expect((await send({ to: 'plain@example.test', subject: 'Hi', text: 'Body' })).status).toBe(200);
    expect(await inbox('plain@example.test')).toEqual([
      expect.objectContaining({ kind: 'message', html: null }),
    ]);
  });

  it.each([
    ['not JSON', '{"to":'],
    ['an array', [{ to: 'a@example.test', subject: 's', text: 't' }]],
    ['no recipient', { subject: 's', text: 't' }],
    ['two recipients', { to: 'a@example.test, b@example.test', subject: 's', text: 't' }],
    [
      'a header injected through the subject',
      { to: 'a@example.test', subject: 's\r\nBcc: x@y.z', text: 't' },
    ],
    ['an empty text', { to: 'a@example.test', subject: 's', text: '' }],
    ['a non-string html', { to: 'a@example.test', subject: 's', text: 't', html: 42 }],
    ['a kind that is not a word', { to: 'a@example.test', subject: 's', text: 't', kind: '<b>' }],
  ])('refuses %s with 400 and stores nothing', async (_, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    expect(await inbox('a@example.test')).toEqual([]);
  });

  it('refuses bodies that are not JSON or too large', async () => {
    expect((await send('to=a@example.test', 'application/x-www-form-urlencoded')).status).toBe(415);
    const huge = { to: 'big@example.test', subject: 'Big', text: 'x'.repeat(300 * 1024) };
    expect((await send(huge)).status).toBe(413);
    expect(await inbox('big@example.test')).toEqual([]);
  });
});
