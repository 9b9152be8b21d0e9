import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendStatic } from './send-static.ts';
import type { SecurityHeaders } from './security-headers.ts';
import type { StaticFiles } from './static-files.ts';

export interface ErrorPageContext {
  files: StaticFiles;
  security: SecurityHeaders;
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Page not found',
  405: 'Method not allowed',
  500: 'Something went wrong',
};

/** Used only when the build has no page of its own for the status: plain markup, nothing inline. */
function fallbackPage(status: number): string {
  const title = TITLES[status] ?? TITLES[500] ?? 'Error';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} · Unipath</title></head>`,
    `<body><main><h1>${title}</h1><p><a href="/">Go to the home page</a></p></main></body></html>`,
  ].join('');
}

/** Cookies the app already set (e.g. a refreshed session) and the Allow list of a 405 survive. */
const KEPT_HEADERS = new Set(['set-cookie', 'allow']);

function resetHeaders(req: IncomingMessage, res: ServerResponse, security: SecurityHeaders): void {
  for (const name of res.getHeaderNames()) {
    if (!KEPT_HEADERS.has(name)) res.removeHeader(name);
  }
  security.apply(req, res);
}

/**
 * Answers with the site's page for an error status (dist/client/404.html, 500.html) or a minimal
 * built-in page, always with the full set of security headers and never with error details.
 */
export async function sendErrorPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  { files, security }: ErrorPageContext,
): Promise<void> {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  resetHeaders(req, res, security);
  const cacheControl = status >= 500 ? 'no-store' : 'no-cache';
  const page = status === 404 || status === 500 ? await files.lookupFile(`${status}.html`) : undefined;
  if (page) {
    sendStatic(req, res, page, { status, cacheControl });
    return;
  }
  const body = Buffer.from(fallbackPage(status));
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : body);
}
