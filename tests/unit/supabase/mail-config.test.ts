import { afterEach, describe, expect, it } from 'vitest';
import { readSmtpConfig } from '../../../supabase/local/auth/settings.ts';
import { mailboxConfig } from '../../../supabase/local/mail/smtp.ts';
import { smtpUrlFor } from '../../../src/lib/mail/mail-config.ts';

afterEach(() => {
  delete process.env['UNIPATH_UNIT_SMTP_PASS'];
});

describe('[auth.email.smtp]', () => {
  it('is off unless the section names a host and is not disabled', () => {
    expect(readSmtpConfig({})).toBeNull();
    expect(readSmtpConfig({ auth: { email: { smtp: { enabled: true } } } })).toBeNull();
    expect(
      readSmtpConfig({ auth: { email: { smtp: { enabled: false, host: 'smtp.example.com' } } } }),
    ).toBeNull();
  });

  it('reads the Supabase CLI’s keys, with env(NAME) for secrets', () => {
    process.env['UNIPATH_UNIT_SMTP_PASS'] = 's3cret';
    expect(
      readSmtpConfig({
        auth: {
          email: {
            smtp: {
              enabled: true,
              host: 'smtp.sendgrid.net',
              port: 465,
              user: 'apikey',
              pass: 'env(UNIPATH_UNIT_SMTP_PASS)',
              admin_email: 'admissions@uni.example',
              sender_name: 'Admissions',
            },
          },
        },
      }),
    ).toEqual({
      host: 'smtp.sendgrid.net',
      port: 465,
      user: 'apikey',
      pass: 's3cret',
      adminEmail: 'admissions@uni.example',
      senderName: 'Admissions',
    });
  });
});

describe('[inbucket]', () => {
  it('listens for SMTP on 54325 unless told otherwise', () => {
    expect(mailboxConfig({})).toEqual({ enabled: true, smtpPort: 54325 });
    expect(mailboxConfig({ inbucket: { enabled: false, smtp_port: 2525 } })).toEqual({
      enabled: false,
      smtpPort: 2525,
    });
  });
});

describe('the app’s SMTP server', () => {
  it('is SMTP_URL when set, the local mailbox beside a local stack, and none beside a hosted one', () => {
    expect(
      smtpUrlFor({ smtpUrl: 'smtps://u:p@mail.example:465', supabaseUrl: 'http://127.0.0.1:54321' }),
    ).toBe('smtps://u:p@mail.example:465');
    expect(smtpUrlFor({ supabaseUrl: 'http://localhost:54321' })).toBe('smtp://127.0.0.1:54325');
    expect(smtpUrlFor({ smtpUrl: ' ', supabaseUrl: 'http://127.0.0.1:54321' })).toBe(
      'smtp://127.0.0.1:54325',
    );
    expect(smtpUrlFor({ supabaseUrl: 'https://abc.supabase.co' })).toBeNull();
    // A stack on another port (a test's, a second checkout's) has a listener of its own.
    expect(smtpUrlFor({ supabaseUrl: 'http://127.0.0.1:54399' })).toBeNull();
    expect(smtpUrlFor({ supabaseUrl: 'not a url' })).toBeNull();
  });
});
