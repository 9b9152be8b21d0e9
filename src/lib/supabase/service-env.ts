import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

/** Where the local stack answers when SUPABASE_URL is not set. */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * The service-role client for work outside a request (start-up, timed jobs, the worker), from the
 * process environment; null without SUPABASE_SERVICE_ROLE_KEY.
 */
export function serviceClientFrom(env: NodeJS.ProcessEnv): SupabaseClient<Database> | null {
  const key = env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!key) return null;
  return createClient<Database>(env['SUPABASE_URL'] ?? DEFAULT_SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
