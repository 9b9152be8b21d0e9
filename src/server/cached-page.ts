import type { IncomingMessage, ServerResponse } from 'node:http';
import { CURRENCY_COOKIE } from '../lib/display-currency.ts';
import { FLASH_COOKIE } from '../lib/security/flash.ts';
import {
  cacheKey,
  isCacheableCatalogueUrl,
} from '../features/catalogue/page-cache/catalogue-cache-middleware.ts';
import {
  CACHE_STATUS_HEADER,
  type CachedPage,
  type RenderedCache,
} from '../features/catalogue/page-cache/rendered-cache.ts';
import { negotiateEncoding, varyWithAcceptEncoding } from './encoding.ts';
import { finishSecurityHeaders } from './handler-response.ts';
import { readCookies } from './request-cookies.ts';
import type { SecurityHeaders } from './security-headers.ts';

export interface CachedPageContext {
  cache: RenderedCache;
  security: SecurityHeaders;
  defaultPageCsp: () => string;
}

/** Sends a stored catalogue page if one may answer this request; false leaves it to the app. */
export type CachedPageResponder = (req: IncomingMessage, res: ServerResponse) => boolean;

const BOTH_CODINGS = new Set(['br', 'gzip'] as const);
/** Any Supabase session cookie, even one the app would reject: such visitors are always rendered for. */
const SESSION_COOKIE = /^sb-.*-auth-token/;

/** The key the app's catalogue cache files this request under; undefined when it never may be cached. */
function keyFor(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const path = req.url ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  const url = new URL(`http://localhost${path}`);
  if (!isCacheableCatalogueUrl(url)) return undefined;
  const cookies = readCookies(req);
  if (cookies.has(FLASH_COOKIE) || [...cookies.keys()].some((name) => SESSION_COOKIE.test(name))) {
    return undefined;
  }
  return cacheKey(url, req.headers['accept-language'] ?? null, cookies.get(CURRENCY_COOKIE));
}

function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, context: CachedPageContext) {
  const coding = negotiateEncoding(req.headers['accept-encoding'], BOTH_CODINGS);
  const body = coding ? page.variants?.[coding] : page.body;
  if (!body) return false;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  finishSecurityHeaders(res, context);
  res.setHeader('Vary', varyWithAcceptEncoding(res.getHeader('Vary')));
  res.setHeader(CACHE_STATUS_HEADER, 'hit');
  // Compressed copies are only weakly equal to the page, as when the server compresses on the fly.
  const etag = coding ? `W/${page.etag}` : page.etag;
  res.setHeader('ETag', etag);
  if (matchesEtag(req, etag)) {
    res.writeHead(304).end();
    return true;
  }
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.byteLength);
  res.writeHead(page.status);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Answers anonymous catalogue requests straight from the pages the app stored, before the app's
 * own request handling runs, while the catalogue version is known and unchanged.
 */
export function createCachedPageResponder(context: CachedPageContext): CachedPageResponder {
  return (req, res) => {
    const key = keyFor(req);
    const page = key === undefined ? undefined : context.cache.peek(key);
    return page ? send(req, res, page, context) : false;
  };
}
