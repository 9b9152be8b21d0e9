import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NodeMiddleware } from './astro-handler.ts';
import type { CachedPageResponder } from './cached-page.ts';
import { cacheControlForStatic } from './cache-policy.ts';
import { sendErrorPage } from './error-pages.ts';
import { decideHandlerResponse } from './handler-response.ts';
import { classifyStaticTarget, rawPathname } from './request-path.ts';
import { interceptResponse } from './response-interceptor.ts';
import { sendStatic } from './send-static.ts';
import type { SecurityHeaders } from './security-headers.ts';
import type { StaticFiles } from './static-files.ts';

export interface ListenerContext {
  files: StaticFiles;
  security: SecurityHeaders;
  handler: NodeMiddleware | undefined;
  /** Header policy for app-rendered HTML that brings no policy of its own. */
  defaultPageCsp: () => string;
  /** Answers from the app's stored catalogue pages without running the app. */
  cachedPages?: CachedPageResponder;
}

/** The build's error pages exist to be sent with their status, never as a 200 of their own. */
const ERROR_PAGE_FILES = new Set(['/404.html', '/500.html']);

function reportFailure(req: IncomingMessage, error: unknown): void {
  console.error(`Request failed: ${req.method} ${rawPathname(req.url ?? '')}`, error);
}

/** Error pages read from disk; if even that fails, the connection is cut rather than left hanging. */
function errorPage(req: IncomingMessage, res: ServerResponse, status: number, context: ListenerContext) {
  return sendErrorPage(req, res, status, context).catch((error: unknown) => {
    reportFailure(req, error);
    res.destroy();
  });
}

/**
 * Astro takes the request's protocol from the socket alone. Behind the trusted TLS proxy the app
 * must see https too, or it would set cookies without Secure and refuse the browser's same-origin
 * form posts (Origin https://… against an http://… URL). Astro builds its Request synchronously
 * when the handler is called, so the socket only claims TLS for that moment.
 */
function withProtocolSeenByApp(req: IncomingMessage, https: boolean, call: () => unknown): unknown {
  const socket = req.socket as IncomingMessage['socket'] & { encrypted?: boolean };
  if (!https || socket.encrypted) return call();
  Object.defineProperty(socket, 'encrypted', { value: true, configurable: true });
  try {
    return call();
  } finally {
    delete socket.encrypted;
  }
}

async function serveFromApp(req: IncomingMessage, res: ServerResponse, context: ListenerContext) {
  const { handler } = context;
  if (!handler) return errorPage(req, res, 404, context);
  const restore = interceptResponse(res, (response) =>
    decideHandlerResponse(req, response, {
      security: context.security,
      defaultPageCsp: context.defaultPageCsp,
      replaceWithErrorPage: (status) => void errorPage(req, res, status, context),
    }),
  );
  const fallThrough = (error?: unknown) => {
    restore();
    if (error) reportFailure(req, error);
    void errorPage(req, res, error ? 500 : 404, context);
  };
  try {
    await withProtocolSeenByApp(req, context.security.isHttps(req), () => handler(req, res, fallThrough));
  } catch (error) {
    restore();
    reportFailure(req, error);
    await errorPage(req, res, 500, context);
  }
}

function canonicalLocation(segments: readonly string[], url: string): string {
  const query = url.slice(rawPathname(url).length).replace(/#.*$/, '');
  const directories = segments.slice(0, -1).map((segment) => encodeURIComponent(segment));
  return `/${directories.map((segment) => `${segment}/`).join('')}${query}`;
}

async function handle(req: IncomingMessage, res: ServerResponse, context: ListenerContext) {
  context.security.apply(req, res);
  const target = classifyStaticTarget(req.url);
  if (target.kind === 'reject') return errorPage(req, res, 404, context);
  // Stored pages exist only for addresses the app rendered on demand, so no build file is skipped.
  if (context.cachedPages?.(req, res)) return;
  const entry = target.kind === 'file' ? await context.files.lookup(target.segments) : undefined;
  if (!entry || target.kind !== 'file') return serveFromApp(req, res, context);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return errorPage(req, res, 405, context);
  }
  if (target.segments.at(-1) === 'index.html') {
    res.writeHead(301, { Location: canonicalLocation(target.segments, req.url ?? '/') }).end();
    return;
  }
  const urlPath = `/${target.segments.join('/')}`;
  if (ERROR_PAGE_FILES.has(urlPath)) return errorPage(req, res, 404, context);
  sendStatic(req, res, entry, {
    status: 200,
    cacheControl: cacheControlForStatic(urlPath, entry.contentType),
  });
}

/** Static build files first, then the Astro handler, then the 404 page; failures become a 500 page. */
export function createRequestListener(context: ListenerContext): RequestListener {
  return (req, res) => {
    handle(req, res, context).catch((error: unknown) => {
      reportFailure(req, error);
      void errorPage(req, res, 500, context);
    });
  };
}
