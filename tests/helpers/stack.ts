import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/server.ts';

/**
 * Starts the local stack for one test file on a free port, with an in-memory database cloned from
 * the prepared template (or a real server when TEST_DATABASE_URL is set).
 */
export async function startTestStack(options: StackOptions = {}): Promise<RunningStack> {
  const url = process.env['TEST_DATABASE_URL'];
  return startStack({
    port: 0,
    quiet: true,
    database: url ? { kind: 'postgres', url } : { kind: 'prepared-memory' },
    ...options,
  });
}

/** A supabase-js client for the stack that keeps its session in memory only. */
export function clientFor(stack: RunningStack, key: string = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
