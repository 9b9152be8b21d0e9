import { SUPABASE_ANON_KEY, SUPABASE_URL } from 'astro:env/client';
import { getSecret } from 'astro:env/server';

export interface SupabasePublicConfig {
  url: string;
  anonKey: string;
}

/**
 * The backend this server talks to. Public values are inlined at build time, so a runtime
 * environment (`npm start` with its own stack port and keys, a container) overrides them here and
 * pages hand the result to islands as a prop.
 */
/** The backend's address as this server sees it at run time (see below). */
export function supabaseUrl(): string {
  return getSecret('SUPABASE_URL') ?? SUPABASE_URL;
}

export function supabasePublicConfig(): SupabasePublicConfig {
  const anonKey = getSecret('SUPABASE_ANON_KEY') ?? SUPABASE_ANON_KEY;
  if (!anonKey) {
    throw new Error(
      'SUPABASE_ANON_KEY is not set: use `npm start`, or set it to the key `npm run backend -- status` prints.',
    );
  }
  return { url: supabaseUrl(), anonKey };
}
