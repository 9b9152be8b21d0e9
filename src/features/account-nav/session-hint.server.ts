import type { APIContext } from 'astro';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import { hintCookieFor } from './account-hint.ts';

/**
 * Brings the browser's account hint in line with how this request ended: signed in, or not. Runs
 * after the page or endpoint, so a sign-in or sign-out in this very request counts.
 */
export function syncAccountHint(context: APIContext, response: Response, signedIn: boolean): Response {
  const cookie = hintCookieFor(context.request.headers.get('cookie'), signedIn, isSecureRequest(context.url));
  if (cookie === undefined) return response;
  try {
    response.headers.append('Set-Cookie', cookie);
    return response;
  } catch {
    // A response with immutable headers (a fetched one passed through) is copied first.
    const copy = new Response(response.body, response);
    copy.headers.append('Set-Cookie', cookie);
    return copy;
  }
}
