import type { IncomingMessage, ServerResponse } from 'node:http';

const allowHeaders = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-upsert',
  'x-retry-count',
  'cache-control',
  'if-none-match',
  'if-modified-since',
].join(', ');

const exposeHeaders = [
  'content-range',
  'content-location',
  'content-length',
  'content-type',
  'preference-applied',
  'range-unit',
  'x-supabase-api-version',
  'x-sb-error-code',
  'etag',
  'last-modified',
].join(', ');

/** Adds the gateway's CORS headers; answers a preflight on its own and returns true when it did. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin ?? '*');
  if (origin) res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-expose-headers', exposeHeaders);
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? allowHeaders,
    'access-control-max-age': '3600',
    'content-length': '0',
  });
  res.end();
  return true;
}
