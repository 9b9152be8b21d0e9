import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { isSecureRequest } from './context-middleware.ts';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  generateCsrfToken,
  isStateChanging,
  isWellFormedCsrfToken,
  verifyCsrfToken,
} from './csrf.ts';
import { firstMultipartField } from './first-form-field.ts';
import { PAYMENT_NOTICE_PATHS } from '../payment-notice-paths.ts';
import { SECURITY_TOASTS, securityErrorBody } from './messages.ts';

/** The page that explains a rejected form post; rendered in place with status 403. */
export const SECURITY_ERROR_PATH = '/auth/error/csrf';

const URL_ENCODED = /^application\/x-www-form-urlencoded/i;
const MULTIPART = /^multipart\/form-data/i;

/**
 * The posts that need neither a session nor a CSRF token: the one-click unsubscribe link
 * (RFC 8058), which mail clients post from their own servers without cookies or an Origin (the token
 * in the link is the proof, and all it can do is turn reminders off for that token's owner), and a
 * payment provider's notification, posted from the provider's servers (its signature is the proof:
 * src/features/payments/notice.server.ts).
 */
export const CSRF_EXEMPT_POSTS: ReadonlySet<string> = new Set(['/unsubscribe', ...PAYMENT_NOTICE_PATHS]);

/**
 * Posts a visitor (no session) may make without a token once the origin check has passed: Save
 * and Compare, which for a visitor change nothing but that browser's own cookies. Catalogue pages
 * are shared-cacheable for visitors, so they carry no token; a signed-in person's post needs one.
 */
export const VISITOR_POSTS: ReadonlySet<string> = new Set(['/api/shortlist/pick']);

const FORM_LIKE = /application\/x-www-form-urlencoded|multipart\/form-data|text\/plain/i;

/**
 * Astro's form-origin check (security.checkOrigin, turned off in astro.config.mjs so that the
 * exempt post can pass): a state-changing request from another origin is refused when it is
 * form-like or has no content type.
 */
function crossOrigin(request: Request, url: URL): boolean {
  if (request.headers.get('origin') === url.origin) return false;
  const type = request.headers.get('content-type');
  return type === null || FORM_LIKE.test(type);
}

/**
 * The token from the header, or from the form: a multipart form's first field (read without
 * buffering an upload behind it), anywhere in a URL-encoded one (bounded by the server's form limit).
 */
async function submittedToken(request: Request): Promise<unknown> {
  const header = request.headers.get(CSRF_HEADER);
  if (header !== null) return header;
  const type = request.headers.get('content-type') ?? '';
  if (MULTIPART.test(type)) {
    const first = await firstMultipartField(request);
    return first?.name === CSRF_FIELD ? first.value : undefined;
  }
  if (!URL_ENCODED.test(type)) return undefined;
  try {
    return (await request.clone().formData()).get(CSRF_FIELD);
  } catch {
    return undefined;
  }
}

/** Fetch callers get JSON; a browser's own form post gets a page. */
function wantsJson(request: Request): boolean {
  if (request.headers.has(CSRF_HEADER)) return true;
  if ((request.headers.get('content-type') ?? '').includes('application/json')) return true;
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

function browserToken(context: APIContext): string {
  const current = context.cookies.get(CSRF_COOKIE)?.value;
  if (isWellFormedCsrfToken(current)) return current;
  const token = generateCsrfToken();
  // No Max-Age or Expires: the token lives as long as the browser session.
  context.cookies.set(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(context.url),
  });
  return token;
}

/** One token per browser session; every state-changing request must present it. */
export const csrf = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const expected = context.cookies.get(CSRF_COOKIE)?.value;
  context.locals.csrfToken = browserToken(context);
  if (!isStateChanging(context.request.method)) return next();
  if (context.request.method === 'POST' && CSRF_EXEMPT_POSTS.has(context.url.pathname)) return next();
  if (crossOrigin(context.request, context.url)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, {
      status: 403,
    });
  }
  if (
    !context.locals.user &&
    VISITOR_POSTS.has(context.url.pathname) &&
    context.request.headers.get('origin') === context.url.origin
  )
    return next();
  if (verifyCsrfToken(expected, await submittedToken(context.request))) return next();
  if (wantsJson(context.request)) {
    return new Response(JSON.stringify(securityErrorBody(SECURITY_TOASTS.csrf)), {
      status: 403,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  context.locals.flash.push({ ...SECURITY_TOASTS.csrf, kind: 'error' });
  return next(SECURITY_ERROR_PATH);
});
