import { createServerClient, parseCookieHeader } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AstroCookies, AstroCookieSetOptions } from 'astro';
import { supabasePublicConfig } from './config.server.ts';
import type { Database } from './database.types.ts';

export interface ServerClientContext {
  request: Request;
  cookies: AstroCookies;
}

type SsrCookieOptions = Parameters<
  NonNullable<Parameters<typeof createServerClient>[2]['cookies']['setAll']>
>[0][number]['options'];

/** The session itself (chunked or not), not the PKCE code verifier. */
const SESSION_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

/** `secure` is the request's own HTTPS-ness unless the library decides; @supabase/ssr leaves it unset. */
function astroCookieOptions(options: SsrCookieOptions, secure: boolean): AstroCookieSetOptions {
  const sameSite =
    typeof options.sameSite === 'string'
      ? (options.sameSite.toLowerCase() as 'lax' | 'strict' | 'none')
      : options.sameSite;
  return {
    path: options.path ?? '/',
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    ...(options.expires ? { expires: options.expires } : {}),
    ...(options.domain ? { domain: options.domain } : {}),
    ...(sameSite !== undefined ? { sameSite } : {}),
    secure: options.secure ?? secure,
    httpOnly: options.httpOnly ?? false,
  };
}

/**
 * A Supabase client for one request: it reads the session from the request's cookies and writes
 * refreshed or cleared sessions back through Astro's cookies. Never share one across requests.
 * `onHeaders` receives the no-store headers the library asks for whenever it writes auth cookies;
 * `watchedFetch` lets the caller see whether the backend answered (see backend-unavailable.ts);
 * `onSessionWrite` hears whether the session cookies it writes hold a session (sign-in, refresh) or
 * clear it (sign-out).
 */
export function createSupabaseServerClient(
  context: ServerClientContext,
  onHeaders: (headers: Record<string, string>) => void = () => undefined,
  watchedFetch?: typeof fetch,
  onSessionWrite: (present: boolean) => void = () => undefined,
): SupabaseClient<Database> {
  const { url, anonKey } = supabasePublicConfig();
  const https = new URL(context.request.url).protocol === 'https:';
  return createServerClient<Database>(url, anonKey, {
    ...(watchedFetch ? { global: { fetch: watchedFetch } } : {}),
    cookies: {
      getAll() {
        return parseCookieHeader(context.request.headers.get('cookie') ?? '').map(({ name, value }) => ({
          name,
          value: value ?? '',
        }));
      },
      setAll(cookies, headers) {
        for (const { name, value, options } of cookies) {
          context.cookies.set(name, value, astroCookieOptions(options, https));
        }
        const session = cookies.filter(({ name }) => SESSION_COOKIE.test(name));
        if (session.length > 0)
          onSessionWrite(session.some(({ value, options }) => value !== '' && options.maxAge !== 0));
        onHeaders(headers);
      },
    },
  });
}
