import { defineMiddleware } from 'astro:middleware';
import { supabaseUrl } from '../supabase/config.server.ts';
import { basePolicy, editHeaders, PRIVATE_REVALIDATE, withBasePolicy } from './response-headers.ts';

let policy: { url: string; text: string } | undefined;

/** The base policy for the backend this server talks to, built once per address rather than per answer. */
function basePolicyFor(url: string): string {
  if (policy?.url !== url) policy = { url, text: basePolicy(url) };
  return policy.text;
}

/**
 * Completes what an on-demand answer says about itself: the base policy beside Astro's script and
 * style hashes, and a private, revalidated Cache-Control unless the route chose one. The server
 * sets the fixed headers on every answer (src/server/serve.ts); prebuilt pages never pass here.
 */
export const responseHeaders = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const base = basePolicyFor(supabaseUrl());
  return editHeaders(response, (headers) => {
    headers.set('content-security-policy', withBasePolicy(headers.get('content-security-policy'), base));
    if (!headers.has('cache-control')) headers.set('cache-control', PRIVATE_REVALIDATE);
  });
});
