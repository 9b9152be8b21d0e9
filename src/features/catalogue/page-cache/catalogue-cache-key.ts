import { parseCookieHeader } from '@supabase/ssr';
import { CURRENCY_COOKIE, currencyForLocale, resolveDisplayCurrency } from '../../../lib/display-currency.ts';
import { FLASH_COOKIE } from '../../../lib/security/flash.ts';
import { isAuthCookieName } from '../../../lib/supabase/auth-cookies.ts';

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

/** What decides whether, and under which key, a request may get a stored catalogue page. */
export interface CatalogueRequest {
  method: string;
  url: URL;
  cookieHeader: string | null;
  acceptLanguage: string | null;
}

/**
 * The key of an anonymous catalogue GET, or undefined when the page must be rendered: another
 * route or method, a session cookie (valid or not) or a one-off message to show.
 */
export function storedPageKey(request: CatalogueRequest): string | undefined {
  if (request.method !== 'GET' || !isCacheableCatalogueUrl(request.url)) return undefined;
  const cookies = parseCookieHeader(request.cookieHeader ?? '');
  if (cookies.some(({ name }) => name === FLASH_COOKIE || isAuthCookieName(name))) return undefined;
  const currency = cookies.find(({ name }) => name === CURRENCY_COOKIE)?.value;
  return cacheKey(request.url, request.acceptLanguage, currency);
}
