import { isUuid } from '../../../lib/uuid.ts';
import type { AstroGlobal } from 'astro';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../../admin/admin-action.server.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import {
  loadReviewApplication,
  type ReviewApplication,
} from '../../admin/review/detail/detail-data.server.ts';
import { documentLinks, type DocumentLink } from '../../admin/review/detail/document-links.server.ts';
import { loadPersonNames } from '../../admin/review/detail/person-names.server.ts';
import { loadStaffDirectory, staffEmails } from '../../admin/staff-directory.server.ts';
import { readHandlers } from './read-actions.server.ts';
import { criteriaOfVersion, loadRead, type ReadDetail } from './reads.server.ts';
import type { Criterion } from './criteria.ts';

/** A read form that was refused, rendered again with what the reader typed. */
export interface ReadFormState {
  intent: string;
  values: Record<string, string>;
  message: string;
  /** Refused because the read was saved elsewhere (another tab) after this page was opened. */
  stale: boolean;
}

export interface ReadPageModel extends ReadDetail {
  application: ReviewApplication;
  links: Map<string, DocumentLink>;
  names: Map<string, string>;
  /** The criteria each visible other read was scored on, by scoresheet version. */
  otherCriteria: Map<string, Criterion[]>;
  /** Whether the viewer is the reader (anyone else, an administrator, sees it read-only). */
  mine: boolean;
  failed: ReadFormState | null;
  status: number;
}

/** /admin/reads/[id]: the application beside its scoresheet; posts save, send or give the read back. */
export async function loadReadPage(
  astro: AstroGlobal,
  ctx: AdminContext,
  readId: string,
): Promise<ReadPageModel | Response> {
  if (!isUuid(readId)) return new Response(null, { status: 404 });
  let detail = await loadRead(ctx.supabase, readId);
  if (!detail) return new Response(null, { status: 404 });
  let failed: ReadFormState | null = null;
  let status = 200;
  if (astro.request.method === 'POST') {
    const criteria = detail.sheet?.criteria ?? [];
    const post = await handleAdminPost(astro, readHandlers(ctx.supabase, readId, criteria));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, `${astro.url.pathname}#scoresheet`);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    status = post.outcome.status;
    failed = {
      intent: post.intent,
      values: echoValues(post.fields),
      message: post.outcome.message ?? 'The read could not be saved.',
      stale: post.outcome.data?.['stale'] === true,
    };
    detail = (await loadRead(ctx.supabase, readId)) ?? detail;
  }
  const application = await loadReviewApplication(ctx.supabase, detail.read.application_id);
  if (!application) return new Response(null, { status: 404 });
  const versions = [...new Set(detail.others.map((other) => other.scoresheet_version_id))];
  const staff = await loadStaffDirectory(ctx.supabase);
  const links = documentLinks(application.documents);
  const [names, criteria] = await Promise.all([
    loadPersonNames(
      ctx.supabase,
      [detail.read.reader_id, ...detail.others.map((other) => other.reader_id)],
      staffEmails(staff),
    ),
    Promise.all(versions.map(async (id) => [id ?? '', await criteriaOfVersion(ctx.supabase, id)] as const)),
  ]);
  return {
    ...detail,
    application,
    links,
    names,
    otherCriteria: new Map(criteria),
    mine: detail.read.reader_id === ctx.user.id,
    failed,
    status,
  };
}
