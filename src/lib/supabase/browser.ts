import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export interface BrowserClientConfig {
  url: string;
  anonKey: string;
}

let client: SupabaseClient<Database> | undefined;

/**
 * The page's one browser client. It shares the session cookies with the server, so a session the
 * server wrote is the one the islands see. Auto refresh is driven by page visibility (see
 * features/auth/session-bridge.ts), not by the library's own timer.
 */
export function getSupabaseBrowserClient(config: BrowserClientConfig): SupabaseClient<Database> {
  client ??= createBrowserClient<Database>(config.url, config.anonKey, {
    auth: { autoRefreshToken: false, detectSessionInUrl: false },
    isSingleton: true,
  });
  return client;
}
