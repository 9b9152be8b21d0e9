import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSmtpTransport,
  DEFAULT_MAIL_FROM,
  domainOf,
  type MailTransport,
} from '../../../src/lib/mail/transport.ts';
import { rawHeader, startCaptureServer, type CaptureServer } from '../../helpers/smtp-capture.ts';

let relay: CaptureServer;
let refusing: CaptureServer;
beforeAll(async () => {
  relay = await startCaptureServer();
  refusing = await startCaptureServer({ refuse: 'Mailbox unavailable' });
});
afterAll(async () => {
  await relay.close();
  await refusing.close();
});

const letter = {
  to: 'ada@example.com',
  subject: 'Your offer from Unipath',
  text: 'Dear Ada,\n\nWe are pleased to offer you a place.',
  html: '<p>Dear Ada,</p><p>We are pleased to offer you a place.</p>',
  kind: 'decision_offer',
};

async function sendWith(transport: MailTransport, message: Parameters<MailTransport['send']>[0]) {
  try {
    await transport.send(message);
  } finally {
    transport.close?.();
  }
}

describe('the SMTP transport', () => {
  it('sends text and HTML from MAIL_FROM, with the kind and a Message-ID stable across retries', async () => {
    const transport = createSmtpTransport({
      url: relay.url,
      from: 'Admissions <admissions@uni.example>',
    });
    await sendWith(transport, { ...letter, messageKey: '6f1c0a52-3b1e-4a55-9d0e-1f2a3b4c5d6e' });
    const mail = relay.received.at(-1)!;
    expect(mail.rcptTo).toEqual(['ada@example.com']);
    expect(mail.mailFrom).toBe('admissions@uni.example');
    expect(rawHeader(mail.parsed, 'from')).toBe('Admissions <admissions@uni.example>');
    expect(mail.parsed.subject).toBe(letter.subject);
    expect(mail.parsed.text?.trim()).toBe(letter.text);
    expect(mail.parsed.html).toContain('<p>We are pleased to offer you a place.</p>');
    expect(rawHeader(mail.parsed, 'x-unipath-kind')).toBe('decision_offer');
    expect(mail.parsed.messageId).toBe('<6f1c0a52-3b1e-4a55-9d0e-1f2a3b4c5d6e@uni.example>');
    // Only reminders people may turn off carry unsubscribe headers.
    expect(rawHeader(mail.parsed, 'list-unsubscribe')).toBeUndefined();
  });

  it('gives reminders one-click List-Unsubscribe headers', async () => {
    const url = 'https://apply.example/unsubscribe?token=abc123';
    await sendWith(createSmtpTransport({ url: relay.url }), {
      ...letter,
      html: undefined,
      kind: 'reminder_deadline',
      unsubscribeUrl: url,
    });
    const mail = relay.received.at(-1)!;
    expect(rawHeader(mail.parsed, 'list-unsubscribe')).toBe(`<${url}>`);
    expect(rawHeader(mail.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail.parsed, 'from')).toBe(DEFAULT_MAIL_FROM);
    expect(mail.parsed.html).toBe(false);
  });

  it('throws with the server’s answer when the server refuses the message', async () => {
    const before = refusing.received.length;
    await expect(sendWith(createSmtpTransport({ url: refusing.url }), letter)).rejects.toThrow(
      /Mailbox unavailable/,
    );
    expect(refusing.received).toHaveLength(before);
  });

  it('throws when nothing listens at SMTP_URL', async () => {
    await expect(sendWith(createSmtpTransport({ url: 'smtp://127.0.0.1:1' }), letter)).rejects.toThrow(
      /ECONNREFUSED|connect/i,
    );
  });

  it('makes Message-IDs in the sender’s domain', () => {
    expect(domainOf('Unipath <no-reply@Unipath.Example>')).toBe('unipath.example');
    expect(domainOf('office@uni.example')).toBe('uni.example');
    expect(domainOf('nobody')).toBe('unipath.local');
  });
});
