import type { AstroGlobal } from 'astro';
import { isSecureRequest } from '../../lib/security/context-middleware.ts';
import { putFlash } from '../../lib/security/flash.ts';
import type { FormOutcome } from '../../lib/security/form-outcome.ts';
import { supabasePublicConfig } from '../../lib/supabase/config.server.ts';
import type { AuthEventName } from '../../stores/session.ts';
import type { SessionBridgeProps } from './SessionBridge.tsx';

/** The props every signed-in-aware page gives its SessionBridge island. */
export function bridgeProps(astro: AstroGlobal, initialEvent?: AuthEventName): SessionBridgeProps {
  return {
    user: astro.locals.user,
    csrfToken: astro.locals.csrfToken,
    supabase: supabasePublicConfig(),
    flash: astro.locals.flash,
    ...(initialEvent ? { initialEvent } : {}),
  };
}

/** Post/redirect/get: the outcome's toast survives the redirect as a flash. */
export function redirectAfter(astro: AstroGlobal, outcome: FormOutcome, fallback: string): Response {
  putFlash(astro.cookies, outcome.toast ? [outcome.toast] : [], isSecureRequest(astro.url));
  return astro.redirect(outcome.redirect ?? fallback, 303);
}

const NEVER_ECHOED = new Set([
  'csrf_token',
  'intent',
  'password',
  'password_confirm',
  'current_password',
  'nonce',
]);

/** Submitted values to put back into the fields when the form is rendered again. */
export function echoValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !NEVER_ECHOED.has(name)));
}
