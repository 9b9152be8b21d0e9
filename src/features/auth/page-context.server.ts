import type { AstroGlobal } from 'astro';
import { supabasePublicConfig } from '../../lib/supabase/config.server.ts';
import type { AuthEventName } from '../../stores/session.ts';
import type { SessionBridgeProps } from './session-bridge.ts';

/** The props every page gives its SessionBridge. */
export function bridgeProps(astro: AstroGlobal, initialEvent?: AuthEventName): SessionBridgeProps {
  return {
    user: astro.locals.user,
    csrfToken: astro.locals.csrfToken,
    supabase: supabasePublicConfig(),
    flash: astro.locals.flash,
    ...(initialEvent ? { initialEvent } : {}),
  };
}
