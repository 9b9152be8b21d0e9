import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SUPABASE_SERVICE_ROLE_KEY } from 'astro:env/server';
import { supabasePublicConfig } from './config.server.ts';
import type { Database } from './database.types.ts';

let service: SupabaseClient<Database> | undefined;

/**
 * The client with the service role, which bypasses RLS. Server only, for the few tasks no user
 * token may perform (storing a checked upload, deleting an auth user, first-admin setup); undefined
 * when the deployment has no key configured. It keeps no session, so one serves every request.
 */
export function createServiceRoleClient(): SupabaseClient<Database> | undefined {
  if (!SUPABASE_SERVICE_ROLE_KEY) return undefined;
  service ??= createClient<Database>(supabasePublicConfig().url, SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return service;
}
