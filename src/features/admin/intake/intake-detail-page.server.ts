import type { AstroGlobal } from 'astro';
import { wantsJsonResponse } from '../../../lib/security/form-outcome.ts';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost, type AdminPost } from '../admin-action.server.ts';
import { staffContext } from '../admin-context.server.ts';
import { intakeHandlers } from './intake-actions.server.ts';
import { getIntakeDetail, type IntakeDetail } from './intake-detail.server.ts';
import { intakeDetailHref } from './intake-filters.ts';
import type { PageNotice } from './intake-page.server.ts';
import { waitlistHandlers } from './waitlist-actions.server.ts';

export interface WaitlistFocus {
  applicationId: string;
  direction: 'up' | 'down';
}

export interface IntakeDetailPage extends IntakeDetail {
  isAdmin: boolean;
  /** Why the last action was refused (a success leaves with a toast instead). */
  notice: PageNotice | null;
  /** The row just moved, so its button keeps the keyboard focus after the page reloads. */
  focus: WaitlistFocus | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REFUSED: Readonly<Record<string, string>> = {
  move_waitlist: 'The waiting list did not change',
  dismiss_alert: 'The alert was not dismissed',
  'intake-status': 'The intake’s status did not change',
};

const ANCHORS: Readonly<Record<string, string>> = {
  dismiss_alert: '#alerts-title',
};

function readFocus(value: string | null): WaitlistFocus | null {
  const [applicationId = '', direction] = (value ?? '').split(':');
  if (!UUID.test(applicationId) || (direction !== 'up' && direction !== 'down')) return null;
  return { applicationId, direction };
}

/**
 * Where a successful post lands: the same page, at the part it changed, or with the moved row's
 * button in focus (autofocus, which a fragment in the address would cancel, so there is none).
 */
function afterPost(base: string, post: AdminPost): string {
  const focus = post.outcome.data?.['focus'];
  const query = typeof focus === 'string' ? `?${new URLSearchParams({ focus }).toString()}` : '';
  return `${base}${query}${ANCHORS[post.intent] ?? ''}`;
}

/** /admin-intake/{id}: one intake's places, its ranked waiting list and the places freed on it. */
export async function loadIntakeDetailPage(astro: AstroGlobal): Promise<IntakeDetailPage | Response> {
  const context = staffContext(astro);
  if (context instanceof Response) return context;
  const id = astro.params['id'] ?? '';
  if (!UUID.test(id)) return new Response(null, { status: 404 });
  let detail = await getIntakeDetail(context.supabase, id);
  if (!detail) return new Response(null, { status: 404 });
  let notice: PageNotice | null = null;
  if (astro.request.method === 'POST') {
    const handlers = { ...intakeHandlers(context), ...waitlistHandlers(context, detail.waitlist) };
    const post = await handleAdminPost(astro, handlers);
    const asJson = wantsJsonResponse(astro.request);
    const base = intakeDetailHref(id);
    if (post.outcome.ok || asJson) return redirectAfter(astro, post.outcome, afterPost(base, post), asJson);
    astro.response.status = post.outcome.status;
    notice = { title: REFUSED[post.intent] ?? 'Nothing was changed', message: post.outcome.message ?? '' };
    // The refusal usually means the intake moved on: show it as it is now.
    detail = (await getIntakeDetail(context.supabase, id)) ?? detail;
  }
  return {
    ...detail,
    isAdmin: context.isAdmin,
    notice,
    focus: astro.request.method === 'GET' ? readFocus(astro.url.searchParams.get('focus')) : null,
  };
}
