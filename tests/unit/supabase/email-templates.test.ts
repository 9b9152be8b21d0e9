import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../supabase/local/config.ts';
import { renderEmailTemplate, textOfHtml } from '../../../supabase/local/auth/mail.ts';
import { readEmailTemplates } from '../../../supabase/local/auth/settings.ts';

const templates = readEmailTemplates(readConfig(join(import.meta.dirname, '../../../supabase/config.toml')));

describe('Auth’s e-mails in the app’s voice (config.toml [auth.email.template.*])', () => {
  it('words every e-mail Auth sends, none with Supabase’s default subject', () => {
    expect(Object.keys(templates).sort()).toEqual([
      'confirmation',
      'email_change',
      'invite',
      'magic_link',
      'reauthentication',
      'recovery',
    ]);
    for (const [type, template] of Object.entries(templates)) {
      expect(template.subject, type).toMatch(/Unipath/);
      expect(template.subject, type).not.toMatch(/Magic Link|Confirm your signup|Reset Your Password/);
      expect(template.content, type).toContain('{{ .Token }}');
    }
    expect(templates['magic_link']?.subject).toBe('Your Unipath sign-in link');
  });

  it('fills the variables, escaped, and writes each link out in the text part', () => {
    const html = renderEmailTemplate(templates['magic_link']?.content ?? '', {
      ConfirmationURL: 'https://api.unipath.test/auth/v1/verify?token=abc&type=magiclink',
      Token: '123456',
    });
    expect(html).toContain('href="https://api.unipath.test/auth/v1/verify?token=abc&amp;type=magiclink"');
    const text = textOfHtml(html);
    expect(text).toMatch(/^Sign in to Unipath\n\n/);
    expect(text).toContain(
      'Sign in to Unipath: https://api.unipath.test/auth/v1/verify?token=abc&type=magiclink',
    );
    expect(text).toContain('Or enter this code: 123456');
    const change = textOfHtml(
      renderEmailTemplate(templates['email_change']?.content ?? '', {
        Email: 'old@x.test',
        NewEmail: 'new@x.test',
      }),
    );
    expect(change).toContain(
      'You asked to change the e-mail address of your Unipath account from old@x.test to new@x.test. Confirm the change:\n',
    );
    expect(renderEmailTemplate('<p>{{ .Email }}</p>', { Email: '<b>a@b.test</b>' })).toBe(
      '<p>&lt;b&gt;a@b.test&lt;/b&gt;</p>',
    );
  });
});
