import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SUPABASE_SERVICE_ROLE_KEY } from 'astro:env/server';
import { supabasePublicConfig } from './config.server.ts';
import type { Database } from './database.types.ts';

/**
 * A client with the service role, which bypasses RLS. Server only, for the few tasks no user
 * token may perform (deleting an auth user); undefined when the deployment has no key configured.
 */
export function createServiceRoleClient(): SupabaseClient<Database> | undefined {
  if (!SUPABASE_SERVICE_ROLE_KEY) return undefined;
  return createClient<Database>(supabasePublicConfig().url, SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
