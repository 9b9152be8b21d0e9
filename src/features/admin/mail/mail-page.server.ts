import type { AstroGlobal } from 'astro';
import { redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../admin-action.server.ts';
import type { AdminContext } from '../admin-context.server.ts';
import { mailHandlers } from './mail-actions.server.ts';
import { loadMailStatus, type MailStatus } from './mail-status.server.ts';

export interface MailPageModel {
  status: MailStatus | null;
  /** Why the last retry was refused, shown above the list. */
  problem: string | null;
  /** A retry just went through (post/redirect/get): of a message, or of background work. */
  retried: 'message' | 'job' | null;
}

function retriedOf(value: string | null): MailPageModel['retried'] {
  if (value === '1') return 'message';
  return value === 'job' ? 'job' : null;
}

/** /admin/mail: a retry runs and comes back to the page; a refused one is shown on it. */
export async function loadMailPage(astro: AstroGlobal, ctx: AdminContext): Promise<MailPageModel | Response> {
  let problem: string | null = null;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, mailHandlers(ctx.supabase));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, '/admin/mail?retried=1');
    astro.response.status = post.outcome.status;
    problem = post.outcome.message ?? 'The message could not be queued again.';
  }
  return {
    status: await loadMailStatus(ctx.supabase),
    problem,
    retried: problem === null ? retriedOf(astro.url.searchParams.get('retried')) : null,
  };
}
