import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { catalogueFormPost, type FormState } from './catalogue-post.server.ts';
import { formState } from './form-state.ts';
import { scholarshipHandlers, scholarshipListHandlers } from './scholarship-admin.server.ts';
import {
  listScholarshipRows,
  listUniversityChoices,
  loadScholarshipRow,
  scholarshipValues,
  type ScholarshipAdminRow,
} from './scholarship-rows.server.ts';
import { listCurrencies } from './university-list.server.ts';

type Choice = { value: string; label: string };

export interface ScholarshipListPage {
  rows: ScholarshipAdminRow[];
  universities: Choice[];
  currencies: string[];
  newScholarship: FormState;
}

/** Every scholarship and the "new scholarship" form (handled here when posted). */
export async function loadScholarshipListPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<ScholarshipListPage | Response> {
  const posted = await catalogueFormPost(astro, scholarshipListHandlers(ctx.supabase), astro.url.pathname);
  if (posted instanceof Response) return posted;
  const [rows, universities, currencies] = await Promise.all([
    listScholarshipRows(ctx.supabase),
    listUniversityChoices(ctx.supabase),
    listCurrencies(ctx.supabase),
  ]);
  return {
    rows,
    universities,
    currencies,
    newScholarship: formState(posted, 'create_scholarship', {
      award_kind: 'amount',
      award_period: 'year',
      pays_towards: 'tuition',
      applies_to: 'any',
    }),
  };
}

export interface ScholarshipEditPage {
  row: ScholarshipAdminRow;
  universities: Choice[];
  currencies: string[];
  forms: Record<'scholarship' | 'delete', FormState>;
}

/** One scholarship's edit page; its forms are handled here when posted. Null when there is no such scholarship. */
export async function loadScholarshipEditPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<ScholarshipEditPage | Response | null> {
  const row = await loadScholarshipRow(ctx.supabase, astro.params['id'] ?? '');
  if (!row) return null;
  const posted = await catalogueFormPost(astro, scholarshipHandlers(ctx.supabase, row), astro.url.pathname);
  if (posted instanceof Response) return posted;
  const [universities, currencies] = await Promise.all([
    listUniversityChoices(ctx.supabase),
    listCurrencies(ctx.supabase),
  ]);
  return {
    row,
    universities,
    currencies,
    forms: {
      scholarship: formState(posted, 'save_scholarship', scholarshipValues(row)),
      delete: formState(posted, 'delete_scholarship', {}),
    },
  };
}
