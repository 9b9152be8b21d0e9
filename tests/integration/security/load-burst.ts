/** Bounded bursts against the app and the stack, on loopback only, and what they leave behind. */
import { createServerClient } from '@supabase/ssr';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { RunningStack } from '../../../supabase/local/server.ts';
import { createApplicant, csrfFor, PASSWORD } from './app-harness.ts';

export const BURST = 50;

/** Statuses of a burst of concurrent calls, by status. */
export async function burst(
  count: number,
  call: (i: number) => Promise<number>,
): Promise<Map<number, number>> {
  const statuses = await Promise.all(Array.from({ length: count }, (_, i) => call(i)));
  const tally = new Map<number, number>();
  for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
  return tally;
}

/** An applicant's session cookies and CSRF token for the app, signed in directly at the stack. */
export async function applicantBrowser(stack: RunningStack, appUrl: string, email: string) {
  await createApplicant(stack, email);
  const jar = new Map<string, string>();
  const client = createServerClient(stack.url, stack.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => cookies.forEach(({ name, value }) => jar.set(name, value)),
    },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('no user');
  const session = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return { userId: data.user.id, token: data.session.access_token, ...(await csrfFor(appUrl, session)) };
}

/** The JavaScript heap after a full collection, in bytes. */
export function settledHeap(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
