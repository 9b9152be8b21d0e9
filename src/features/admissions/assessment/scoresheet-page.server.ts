import { isUuid } from '../../../lib/uuid.ts';
import type { AstroGlobal } from 'astro';
import { echoValues, redirectAfter } from '../../../lib/security/form-response.server.ts';
import { handleAdminPost } from '../../admin/admin-action.server.ts';
import type { AdminContext } from '../../admin/admin-context.server.ts';
import {
  intakeChoices,
  listScoresheets,
  loadScoresheet,
  scoresheetHandlers,
  type IntakeChoice,
  type Scoresheet,
  type ScoresheetSummary,
} from './scoresheets.server.ts';

export interface ScoresheetFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
  stale: boolean;
}

export interface ScoresheetPageModel {
  sheets: ScoresheetSummary[] | null;
  /** The sheet being edited; null on the list page, where the form creates one. */
  sheet: Scoresheet | null;
  intakes: IntakeChoice[];
  failed: ScoresheetFormState | null;
  status: number;
}

/** /admin/scoresheets and /admin/scoresheets/[id]: the list, and the editor that creates or saves one. */
export async function loadScoresheetPage(
  astro: AstroGlobal,
  ctx: AdminContext,
  sheetId: string | null,
): Promise<ScoresheetPageModel | Response> {
  if (sheetId !== null && !isUuid(sheetId)) return new Response(null, { status: 404 });
  let failed: ScoresheetFormState | null = null;
  let status = 200;
  if (astro.request.method === 'POST') {
    const post = await handleAdminPost(astro, scoresheetHandlers(ctx.supabase, sheetId));
    if (post.outcome.ok) return redirectAfter(astro, post.outcome, astro.url.pathname);
    if (post.outcome.toast) astro.locals.flash.push(post.outcome.toast);
    status = post.outcome.status;
    failed = {
      values: echoValues(post.fields),
      errors: post.outcome.fieldErrors ?? {},
      message: post.outcome.message ?? 'The scoresheet could not be saved.',
      stale: post.outcome.data?.['stale'] === true,
    };
  }
  const [sheets, sheet, intakes] = await Promise.all([
    sheetId ? Promise.resolve([]) : listScoresheets(ctx.supabase),
    sheetId ? loadScoresheet(ctx.supabase, sheetId) : Promise.resolve(null),
    sheetId ? Promise.resolve([]) : intakeChoices(ctx.supabase),
  ]);
  if (sheetId && !sheet) return new Response(null, { status: 404 });
  return { sheets, sheet, intakes, failed, status };
}
