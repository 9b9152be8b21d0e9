import type { AstroGlobal } from 'astro';
import type { FieldErrors } from '../../../lib/security/form-outcome.ts';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost, type AdminHandler } from '../admin-action.server.ts';

/** A settings form that was posted and refused: shown again with what was sent and why. */
export interface RefusedPost {
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

/**
 * Handles a post to one of the choices settings pages: saved, back to the page (post/redirect/get,
 * with a toast); refused, the page renders again with the refusal, as a toast too. A GET gives null.
 */
export async function settingsPost(
  astro: AstroGlobal,
  handlers: Record<string, AdminHandler>,
): Promise<Response | RefusedPost | null> {
  if (astro.request.method !== 'POST') return null;
  const { fields, outcome } = await handleAdminPost(astro, handlers);
  if (outcome.ok) return redirectAfter(astro, outcome, astro.url.pathname);
  if (outcome.toast) astro.locals.flash.push(outcome.toast);
  astro.response.status = outcome.status;
  return {
    message: outcome.message ?? 'Nothing was saved.',
    errors: outcome.fieldErrors ?? {},
    values: echoValues(fields),
  };
}
