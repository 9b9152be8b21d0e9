import type { MiddlewareHandler } from 'astro';
import { FLASH_COOKIE } from '../../../lib/security/flash.ts';
import { anonymousClient } from '../../../lib/supabase/anonymous.server.ts';
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

/** This server's rendered catalogue pages; a staff edit made here clears them at once. */
export const catalogueCache: RenderedCache = createRenderedCache({
  checkEveryMs: Number(process.env['CATALOGUE_CACHE_CHECK_MS'] ?? 3000),
});

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

async function readCatalogueVersion(): Promise<string | null> {
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
  if (context.isPrerendered || request.method !== 'GET' || !isCacheableCatalogueUrl(url)) return next();
  if (authCookieNames(request).length > 0 || context.cookies.has(FLASH_COOKIE)) return next();
  const key = cacheKey(
    url,
    request.headers.get('accept-language'),
    context.cookies.get(CURRENCY_COOKIE)?.value,
  );
  return catalogueCache.respond(key, readCatalogueVersion, () => next(), {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
  });
};
