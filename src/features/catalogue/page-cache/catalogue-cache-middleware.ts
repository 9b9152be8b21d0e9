import type { MiddlewareHandler } from 'astro';
import { anonymousClient } from '../../../lib/supabase/anonymous.server.ts';
import { storedPageKey } from './catalogue-cache-key.ts';
import { createCatalogueCache, type RenderedCache } from './rendered-cache.ts';

/**
 * The cache when no host hands one over in `locals` (`astro dev`, `astro preview`). The production
 * server (src/server/serve.ts) makes its own and passes it with every request, so it can answer
 * stored pages before Astro runs.
 */
const ownCache = createCatalogueCache();

/** This server's rendered catalogue pages; a staff edit made here clears them at once. */
export function catalogueCacheOf(locals: App.Locals): RenderedCache {
  return locals.catalogueCache ?? ownCache;
}

/** The catalogue's fingerprint (public.catalogue_version): it changes with anything a visitor can see. */
export async function readCatalogueVersion(): Promise<string | null> {
  const { data, error } = await anonymousClient().rpc('catalogue_version');
  return error || typeof data !== 'string' ? null : data;
}

/**
 * Serves anonymous catalogue GETs from rendered results while the catalogue is unchanged. It runs
 * first, so a stored page costs no session check: a visitor with a session cookie (valid or not)
 * or a one-off message is always rendered for, as is every other route.
 */
export const catalogueCacheMiddleware: MiddlewareHandler = async (context, next) => {
  const { request, url } = context;
  const key = context.isPrerendered
    ? undefined
    : storedPageKey({
        method: request.method,
        url,
        cookieHeader: request.headers.get('cookie'),
        acceptLanguage: request.headers.get('accept-language'),
      });
  if (key === undefined) return next();
  return catalogueCacheOf(context.locals).respond(key, readCatalogueVersion, () => next(), {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
  });
};
