import type { AstroGlobal } from 'astro';
import { isSecureRequest } from './context-middleware.ts';
import { putFlash } from './flash.ts';
import { jsonOutcome, type FormOutcome } from './form-outcome.ts';
import { sanitizeNextPath } from './next-path.ts';

/**
 * Post/redirect/get: the outcome's toast survives the redirect as a flash. An island gets the
 * outcome as JSON and follows the redirect itself; the flash is waiting on the next page.
 */
export function redirectAfter(
  astro: AstroGlobal,
  outcome: FormOutcome,
  fallback: string,
  asJson = false,
): Response {
  putFlash(astro.cookies, outcome.toast ? [outcome.toast] : [], isSecureRequest(astro.url));
  if (asJson) return jsonOutcome({ ...outcome, redirect: outcome.redirect ?? fallback });
  // Encoded as a same-site path: a header never carries raw input.
  return astro.redirect(sanitizeNextPath(outcome.redirect ?? fallback, '/'), 303);
}

const NEVER_ECHOED = new Set([
  'csrf_token',
  'intent',
  'password',
  'password_confirm',
  'current_password',
  'nonce',
  'confirm',
]);

/** Submitted values to put back into the fields when the form is rendered again (never secrets). */
export function echoValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !NEVER_ECHOED.has(name)));
}
