import type { AstroGlobal } from 'astro';
import { submittedFields } from '../../lib/security/form-input.ts';
import { jsonOutcome, wantsJsonResponse, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { sanitizeNextPath } from '../../lib/security/next-path.ts';
import type { AuthPanelProps } from './AuthPanel.tsx';
import type { SessionBridgeProps } from './session-bridge.ts';
import { echoValues, redirectAfter } from '../../lib/security/form-response.server.ts';
import { bridgeProps } from './page-context.server.ts';
import { runAuthAction } from './run-auth-action.server.ts';
import { isAuthView, VIEW_SPECS, type AuthView } from './views.ts';

export interface AuthPageModel {
  title: string;
  panel: AuthPanelProps;
  bridge: SessionBridgeProps;
}

const SIGNED_OUT_VIEWS: ReadonlySet<AuthView> = new Set([
  'sign-in',
  'sign-up',
  'magic-link',
  'forgot',
  'resend',
  'code',
]);

function model(
  astro: AstroGlobal,
  view: AuthView,
  next: string,
  outcome?: FormOutcome,
  fields: Record<string, string> = {},
): AuthPageModel {
  const step = outcome?.data?.['view'];
  const shown = outcome?.ok && isAuthView(step) ? step : view;
  const values = {
    ...echoValues(fields),
    ...Object.fromEntries(Object.entries(outcome?.data ?? {}).map(([k, v]) => [k, String(v)])),
  };
  const recovering = shown === 'reset' && (astro.locals.user?.methods.includes('recovery') ?? false);
  return {
    title: VIEW_SPECS[shown].title,
    panel: {
      view: shown,
      next,
      csrfToken: astro.locals.csrfToken,
      values,
      fieldErrors: outcome?.fieldErrors ?? {},
      error: outcome && !outcome.ok ? outcome.message : undefined,
      notice: outcome?.ok ? outcome.message : undefined,
    },
    bridge: bridgeProps(astro, recovering ? 'PASSWORD_RECOVERY' : undefined),
  };
}

/**
 * Renders /auth or handles one of its forms. Without JavaScript the page re-renders with the
 * outcome or redirects; an island's fetch gets the outcome as JSON.
 */
export async function loadAuthPage(astro: AstroGlobal): Promise<AuthPageModel | Response> {
  const { url, locals, request } = astro;
  const asked = url.searchParams.get('next');
  const next = sanitizeNextPath(asked);
  // The forms carry `next` only when the visitor asked for a page: without one, where a sign-in
  // lands depends on who signs in (staff on the console, applicants on the dashboard).
  const formNext = asked ? next : '';
  const requested = url.searchParams.get('view');
  const view: AuthView = isAuthView(requested) ? requested : 'sign-in';
  if (request.method === 'POST' && locals.supabase) {
    // An unreadable body (not a form) is validated as an empty form, never a server error.
    const fields = await submittedFields(request);
    const origin = url.origin;
    const { outcome } = await runAuthAction(
      {
        supabase: locals.supabase,
        user: locals.user,
        origin,
        next,
        nextIsDefault: !asked,
      },
      locals.clientIp,
      fields,
    );
    if (outcome.ok && outcome.redirect)
      return redirectAfter(astro, outcome, next, wantsJsonResponse(request));
    if (wantsJsonResponse(request)) return jsonOutcome(outcome);
    astro.response.status = outcome.status;
    return model(astro, view, formNext, outcome, fields);
  }
  if (locals.user && SIGNED_OUT_VIEWS.has(view)) return astro.redirect(next, 303);
  if ((view === 'mfa' || view === 'mfa-recovery') && !locals.user)
    return astro.redirect(`/auth?next=${encodeURIComponent(next)}`, 303);
  return model(astro, view, formNext);
}
