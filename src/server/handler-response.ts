import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRIVATE_REVALIDATE } from './cache-policy.ts';
import { createCompressionSink } from './compression-sink.ts';
import { isCompressibleType, MIN_COMPRESS_BYTES } from './content-types.ts';
import { negotiateEncoding, varyWithAcceptEncoding } from './encoding.ts';
import type { HeadDecision } from './response-interceptor.ts';
import type { SecurityHeaders } from './security-headers.ts';

export interface HandlerResponseContext {
  security: SecurityHeaders;
  /** Header policy for HTML the app renders without a policy of its own (e.g. error pages read from disk). */
  defaultPageCsp: () => string;
  /** Serves the server's own page for a status after the app's empty error response is discarded. */
  replaceWithErrorPage: (status: number) => void;
}

const BOTH_CODINGS = new Set(['br', 'gzip'] as const);

function headerText(res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Completes the security headers of a page the app produced (or the server replays for it). */
export function finishSecurityHeaders(
  res: ServerResponse,
  context: Pick<HandlerResponseContext, 'security' | 'defaultPageCsp'>,
): void {
  const { security } = context;
  const policy = headerText(res, 'content-security-policy');
  const isHtml = headerText(res, 'content-type')?.toLowerCase().startsWith('text/html') ?? false;
  if (policy && policy !== security.baseCsp) {
    res.setHeader('Content-Security-Policy', security.cspForPage(policy));
  } else if (isHtml) {
    res.setHeader('Content-Security-Policy', context.defaultPageCsp());
  }
  res.removeHeader('X-Powered-By');
  if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', PRIVATE_REVALIDATE);
}

function shouldCompress(res: ServerResponse): boolean {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return false;
  if (res.hasHeader('content-encoding')) return false;
  if (/\bno-transform\b/i.test(headerText(res, 'cache-control') ?? '')) return false;
  const length = Number(headerText(res, 'content-length') ?? Number.NaN);
  return !(Number.isFinite(length) && length < MIN_COMPRESS_BYTES);
}

/**
 * Final say over a response produced by the Astro handler, taken when it sends its headers:
 * complete the security headers, swap bodiless error responses for the real error pages, and
 * compress text bodies the client can decode.
 */
export function decideHandlerResponse(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerResponseContext,
): HeadDecision {
  finishSecurityHeaders(res, context);
  const status = res.statusCode;
  const contentType = headerText(res, 'content-type');
  if ((status === 404 || status >= 500) && !contentType) {
    return { action: 'replace', afterEnd: () => context.replaceWithErrorPage(status) };
  }
  if (!isCompressibleType(contentType)) return { action: 'pass' };
  res.setHeader('Vary', varyWithAcceptEncoding(res.getHeader('Vary')));
  const coding = shouldCompress(res)
    ? negotiateEncoding(req.headers['accept-encoding'], BOTH_CODINGS)
    : undefined;
  if (!coding) return { action: 'pass' };
  res.removeHeader('Content-Length');
  res.setHeader('Content-Encoding', coding);
  const etag = headerText(res, 'etag');
  if (etag && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
  return { action: 'redirect', sink: (raw) => createCompressionSink(coding, res, raw) };
}
