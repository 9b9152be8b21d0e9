import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { join } from 'node:path';
import { readConfig, type RawConfig } from '../../../supabase/local/config.ts';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { clientFor, startTestStack } from '../../helpers/stack.ts';

export interface MailMessage {
  id: number;
  channel: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string | null;
}

function merge(base: RawConfig, changes: RawConfig): RawConfig {
  const out: RawConfig = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current as RawConfig, value as RawConfig)
        : value;
  }
  return out;
}

/** The project's supabase/config.toml with some [auth] settings changed for one test file. */
export function projectConfig(auth: RawConfig = {}): RawConfig {
  const config = readConfig(join(import.meta.dirname, '../../../supabase/config.toml'));
  return merge(config, { auth });
}

/** The stack with the project's config.toml, `auth` merged over its [auth]; `clock` stands in for Date.now. */
export function startAuthStack(auth: RawConfig = {}, clock?: () => number): Promise<RunningStack> {
  return startTestStack({ config: projectConfig(auth), ...(clock ? { clock } : {}) });
}

export const anonClient = (stack: RunningStack): SupabaseClient => clientFor(stack);
export const adminClient = (stack: RunningStack): SupabaseClient => clientFor(stack, stack.serviceRoleKey);

/** A client whose requests are counted by path, to show which calls reach the server. */
export function countingClient(stack: RunningStack): { client: SupabaseClient; requests: string[] } {
  const requests: string[] = [];
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) => {
        requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      },
    },
  });
  return { client, requests };
}

let counter = 0;
/** A fresh address for each test, so tests never share accounts. */
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;
export const uniquePhone = () =>
  `4479${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, '0')}`;

export const strongPassword = 'correct horse battery staple';

export async function mailTo(stack: RunningStack, to: string): Promise<MailMessage[]> {
  const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: MailMessage[] }).messages;
}

/** The newest message to an address (of a kind, when given). */
export async function lastMail(stack: RunningStack, to: string, kind?: string): Promise<MailMessage> {
  const message = (await mailTo(stack, to)).find((m) => !kind || m.kind === kind);
  if (!message) throw new Error(`no ${kind ?? ''} message to ${to}`);
  return message;
}

export const codeIn = (message: MailMessage) => /(?:code: |code is )(\d{6})/i.exec(message.text)?.[1] ?? '';
export const linkIn = (message: MailMessage) =>
  /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(message.text)?.[1] ?? '';

/** Follows an e-mail link like a browser that stops at the redirect. */
export async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`expected a 303 redirect, got ${response.status}`);
  return new URL(response.headers.get('location') ?? '');
}

/** Creates a confirmed e-mail user through the admin API and returns a signed-in client for it. */
export async function signedInUser(stack: RunningStack, email = uniqueEmail(), password = strongPassword) {
  const { error } = await adminClient(stack).auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const client = anonClient(stack);
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  return { client, email, password, session: data.session, user: data.user };
}
