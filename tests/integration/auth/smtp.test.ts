import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { rawHeader, startCaptureServer, type CaptureServer } from '../../helpers/smtp-capture.ts';
import { anonClient, mailTo, projectConfig, startAuthStack, strongPassword, uniqueEmail } from './harness.ts';
import { startTestStack } from '../../helpers/stack.ts';

let relay: CaptureServer;
let refusing: CaptureServer;
let stack: RunningStack;
let refusingStack: RunningStack;

const smtpTo = (server: CaptureServer) => ({
  enabled: true,
  host: '127.0.0.1',
  port: Number(new URL(server.url).port),
  user: 'apikey',
  pass: 'env(UNIPATH_TEST_SMTP_PASS)',
  admin_email: 'admissions@uni.example',
  sender_name: 'Unipath Admissions',
});

beforeAll(async () => {
  process.env['UNIPATH_TEST_SMTP_PASS'] = 'relay secret 42';
  relay = await startCaptureServer();
  refusing = await startCaptureServer({ refuse: 'Sender address rejected' });
  stack = await startAuthStack({ email: { smtp: smtpTo(relay) } });
  refusingStack = await startAuthStack({ email: { smtp: smtpTo(refusing) } });
});
afterAll(async () => {
  await stack.stop();
  await refusingStack.stop();
  await relay.close();
  await refusing.close();
  delete process.env['UNIPATH_TEST_SMTP_PASS'];
});

describe('auth e-mails with [auth.email.smtp] enabled', () => {
  it('sends the sign-up confirmation through the SMTP server, signed in, from admin_email', async () => {
    const email = uniqueEmail('smtp');
    const { error } = await anonClient(stack).auth.signUp({ email, password: strongPassword });
    expect(error).toBeNull();

    const mail = relay.received.find((m) => m.rcptTo.includes(email));
    expect(mail).toBeDefined();
    expect(rawHeader(mail!.parsed, 'from')).toBe('Unipath Admissions <admissions@uni.example>');
    expect(rawHeader(mail!.parsed, 'x-unipath-kind')).toBe('confirmation');
    expect(mail!.parsed.text).toMatch(/\/auth\/v1\/verify\?token=/);
    expect(mail!.parsed.html).toContain('<a href=');
    expect(relay.logins).toContainEqual({ username: 'apikey', password: 'relay secret 42' });
    // Nothing goes into the local mailbox on the side.
    expect(await mailTo(stack, email)).toEqual([]);
  });

  it('sends a password recovery the same way', async () => {
    const email = uniqueEmail('smtp-recover');
    await anonClient(stack).auth.signUp({ email, password: strongPassword });
    const { error } = await anonClient(stack).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    const kinds = relay.received
      .filter((m) => m.rcptTo.includes(email))
      .map((m) => rawHeader(m.parsed, 'x-unipath-kind'));
    expect(kinds).toEqual(['confirmation', 'recovery']);
  });

  it('answers 500 "Error sending … email" when the server refuses, as GoTrue does', async () => {
    const email = uniqueEmail('smtp-refused');
    const { error } = await anonClient(refusingStack).auth.signUp({ email, password: strongPassword });
    expect(error).toMatchObject({ status: 500, message: 'Error sending confirmation email' });
    expect(refusing.received).toEqual([]);
    expect(await mailTo(refusingStack, email)).toEqual([]);
  });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('auth e-mails through the local mailbox’s own SMTP listener', () => {
  it('arrive in the mailbox with their kind, as the direct path leaves them', async () => {
    const smtpPort = await freePort();
    const local = await startTestStack({
      smtpPort,
      config: projectConfig({
        email: {
          smtp: { enabled: true, host: '127.0.0.1', port: smtpPort, admin_email: 'noreply@unipath.test' },
        },
      }),
    });
    try {
      expect(local.smtpUrl).toBe(`smtp://127.0.0.1:${smtpPort}`);
      const email = uniqueEmail('smtp-local');
      const { error } = await anonClient(local).auth.signUp({ email, password: strongPassword });
      expect(error).toBeNull();
      const [message] = await mailTo(local, email);
      expect(message).toMatchObject({
        channel: 'email',
        kind: 'confirmation',
        // The project's template (config.toml), not Auth's default "Confirm your signup".
        subject: 'Confirm your Unipath account',
      });
      expect(message?.text).toMatch(/^Confirm your Unipath account\n\nWelcome to Unipath\./);
      expect(message?.text).toMatch(/Confirm my account: http\S+\/auth\/v1\/verify\?token=/);
      expect(message?.text).toMatch(/Or enter this code: \d{6}/);
      expect(message?.html).toContain('<a href=');
    } finally {
      await local.stop();
    }
  });
});
