import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { stackKeys } from '../stack-keys.ts';
import { hydrated } from '../islands.ts';

export { hydrated };

/** The stack the e2e server started (tests/e2e/server.ts). */
export const STACK_URL = `http://127.0.0.1:${process.env['E2E_SUPABASE_PORT'] ?? 54399}`;
export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

interface MailMessage {
  kind: string;
  subject: string;
  text: string;
}

/** The newest message of `kind` to `to`, waiting for it to arrive. */
export async function latestMail(to: string, kind: string): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${STACK_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: MailMessage[] };
      found = messages.find((message) => message.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found as MailMessage;
}

export const linkIn = (message: MailMessage): string => /https?:\/\/\S+/.exec(message.text)?.[0] ?? '';
export const codeIn = (message: MailMessage): string => /code: (\d{6,10})/.exec(message.text)?.[1] ?? '';

/** A confirmed account made directly through the admin API, for tests that are not about sign-up. */
export async function createConfirmedUser(
  label: string,
  password = PASSWORD,
  stackUrl = STACK_URL,
): Promise<{ email: string; id: string }> {
  const keys = await stackKeys(stackUrl);
  const admin = createClient(stackUrl, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const email = uniqueEmail(label);
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  return { email, id: data.user.id };
}

export async function signIn(
  page: Page,
  email: string,
  password = PASSWORD,
  next = '/profile',
): Promise<void> {
  await page.goto(`/auth?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
