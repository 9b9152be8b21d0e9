import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { RunningStack } from '../../../supabase/local/server.ts';

// The tables the tests query are made at run time, so the client is untyped; it speaks to the
// PostgREST version hosted Supabase runs, which unlocks `maxAffected()`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RestClient = SupabaseClient<any, { PostgrestVersion: '14' }>;

export interface Traced {
  db: RestClient;
  /** Headers and raw text of the last response the client received. */
  last(): { headers: Headers; text: string };
}

/** A supabase-js client that remembers the last raw response, so tests can check headers and bodies. */
export function tracedClient(stack: RunningStack, options: { key?: string; token?: string } = {}): Traced {
  let last = { headers: new Headers(), text: '' };
  const tracingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    last = { headers: response.headers, text: await response.clone().text() };
    return response;
  };
  const db: RestClient = createClient(stack.url, options.key ?? stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: tracingFetch,
      ...(options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {}),
    },
  });
  return { db, last: () => last };
}

export interface Expected {
  status: number;
  data?: unknown;
  error?: unknown;
  count?: number | null;
  headers?: Record<string, string | null>;
}

interface Result {
  status: number;
  data: unknown;
  error: unknown;
  count?: number | null;
}

/** A golden case: its name (the call as written), the call, and what PostgREST answers. */
export type Case = [name: string, run: (db: Traced['db']) => PromiseLike<Result>, expected: Expected];

/** Asserts status, data or error body, count and the named headers of a supabase-js result. */
export function expectResult(traced: Traced, result: Result, expected: Expected): void {
  const seen = {
    status: result.status,
    ...('data' in expected ? { data: result.data } : {}),
    ...('error' in expected ? { error: result.error } : {}),
    ...('count' in expected ? { count: result.count ?? null } : {}),
    ...(expected.headers
      ? {
          headers: Object.fromEntries(
            Object.keys(expected.headers).map((h) => [h, traced.last().headers.get(h)]),
          ),
        }
      : {}),
  };
  expect(seen).toEqual(expected);
}
