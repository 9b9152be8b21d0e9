import type { AstroGlobal } from 'astro';
import { submittedFields } from '../../lib/security/form-input.ts';
import { failure, type FormOutcome } from '../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../lib/security/form-response.server.ts';
import { sanitizeNextPath, signInPath } from '../../lib/security/next-path.ts';
import { createSharedRateLimiter } from '../../lib/security/shared-rate-limit.server.ts';
import { hasFilters, savedSearchDraft, type CourseFilters } from './saved-search.ts';
import { deleteSavedSearch, saveSearch } from './saved-searches.server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Saves and deletes one person may make in five minutes. */
const limiter = createSharedRateLimiter({ bucket: 'saved-search', limit: 30, windowMs: 5 * 60_000 });

const refused = (status: number, message: string): FormOutcome => ({
  ...failure(status, message),
  toast: { title: 'Not saved', message, kind: 'error' },
});

/** A /courses query as posted: without its "?", at most 2,000 characters. */
function postedQuery(fields: Record<string, string>): string {
  return (fields['query'] ?? '').replace(/^\?/, '').slice(0, 2000);
}

/**
 * The "Save this search" and "Delete" forms (plain posts; CSRF checked by the middleware). The
 * query is read with the course search's own parser, passed in by the page. Visitors are sent to
 * sign in and come back to the same search.
 */
export async function handleSavedSearchPost(
  astro: AstroGlobal,
  parseFilters: (params: URLSearchParams) => CourseFilters,
  displayCurrency: string,
): Promise<Response> {
  if (astro.request.method !== 'POST') return astro.redirect('/profile#saved-searches', 303);
  const fields = await submittedFields(astro.request);
  const query = postedQuery(fields);
  // Back to the search as an address the browser can follow, whatever the posted query holds.
  const back =
    fields['intent'] === 'delete'
      ? '/profile#saved-searches'
      : sanitizeNextPath(`/courses${query ? `?${query}` : ''}`, '/courses');
  const { supabase, user } = astro.locals;
  if (!supabase || !user) return astro.redirect(signInPath(back), 303);
  if (!(await limiter.take(user.id))) {
    return redirectAfter(astro, refused(429, 'Too many changes at once. Please wait a few minutes.'), back);
  }
  if (fields['intent'] === 'delete') {
    const id = fields['id'] ?? '';
    const outcome = UUID.test(id)
      ? await deleteSavedSearch(supabase, id)
      : refused(404, 'That saved search no longer exists.');
    return redirectAfter(astro, outcome, back);
  }
  const filters = parseFilters(new URLSearchParams(query));
  if (!hasFilters(filters)) {
    return redirectAfter(
      astro,
      refused(422, 'Choose at least one filter or search term before saving a search.'),
      back,
    );
  }
  return redirectAfter(astro, await saveSearch(supabase, savedSearchDraft(filters, displayCurrency)), back);
}
