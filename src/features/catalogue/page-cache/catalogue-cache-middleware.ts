import type { MiddlewareHandler } from 'astro';
import { authCookieNames } from '../../../lib/supabase/auth-cookies.ts';
import { CURRENCY_COOKIE, currencyForLocale, resolveDisplayCurrency } from '../../../lib/display-currency.ts';
import { createRenderedCache, type RenderedCache } from './rendered-cache.ts';

/** Public catalogue routes whose output depends only on the URL and the display currency. */
const CACHEABLE =
  /^\/(universities|courses)(\/[^/]+)?\/?$|^\/discover\/?$|^\/api\/catalogue\/(courses|universities)$/;

/**
 * Whether a catalogue address may be answered from the cache. The compare page without `ids` is
 * personal (it reads the visitor's compare picks from their cookie), so it is always rendered.
 */
export function isCacheableCatalogueUrl(url: URL): boolean {
  if (!CACHEABLE.test(url.pathname)) return false;
  return !(/^\/courses\/compare\/?$/.test(url.pathname) && !url.searchParams.has('ids'));
}

/**
 * The production server loads the app's bundle, which carries its own copy of this module; both
 * copies must use one cache, so the server can answer from what the app stored.
 */
const SHARED = Symbol.for('unipath.catalogue-cache');
const registry = globalThis as typeof globalThis & { [SHARED]?: RenderedCache };

export const catalogueCache: RenderedCache = (registry[SHARED] ??= createRenderedCache({
  checkEveryMs: Number(process.env['CATALOGUE_CACHE_CHECK_MS'] ?? 3000),
}));

/**
 * The cache key: the address, plus the currency amounts are shown in (cookie, else the language),
 * plus the UTC day, since pages say whether an intake's deadline has passed.
 */
export function cacheKey(
  url: URL,
  acceptLanguage: string | null,
  currencyCookie: string | undefined,
  now: Date = new Date(),
): string {
  const currency = resolveDisplayCurrency(currencyCookie) ?? currencyForLocale(acceptLanguage);
  return `${url.pathname.replace(/\/$/, '')}${url.search}|${currency}|${now.toISOString().slice(0, 10)}`;
}

/**
 * Serves anonymous catalogue GETs from rendered results while the catalogue is unchanged. Signed-in
 * visitors, pages carrying a one-off message and every other route are rendered as usual.
 */
export const catalogueCacheMiddleware: MiddlewareHandler = async (context, next) => {
  const { request, url, locals } = context;
  if (context.isPrerendered || request.method !== 'GET' || !isCacheableCatalogueUrl(url)) return next();
  if (locals.user || locals.flash.length > 0 || authCookieNames(request).length > 0) return next();
  const supabase = locals.supabase;
  if (!supabase) return next();
  const readVersion = async () => {
    const { data, error } = await supabase.rpc('catalogue_version');
    return error || typeof data !== 'string' ? null : data;
  };
  const key = cacheKey(
    url,
    request.headers.get('accept-language'),
    context.cookies.get(CURRENCY_COOKIE)?.value,
  );
  return catalogueCache.respond(key, readVersion, () => next());
};
