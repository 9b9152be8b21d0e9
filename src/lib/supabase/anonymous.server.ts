import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { supabasePublicConfig } from './config.server.ts';
import type { Database } from './database.types.ts';

let shared: { key: string; client: SupabaseClient<Database> } | undefined;

/**
 * A client with the anon key and no session, for public reads that belong to no visitor (e.g. the
 * catalogue's version). It keeps no session, so one serves every request of this backend.
 */
export function anonymousClient(): SupabaseClient<Database> {
  const { url, anonKey } = supabasePublicConfig();
  const key = `${url} ${anonKey}`;
  if (shared?.key !== key) {
    const client = createClient<Database>(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    shared = { key, client };
  }
  return shared.client;
}
