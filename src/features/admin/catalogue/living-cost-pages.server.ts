import type { AstroGlobal } from 'astro';
import type { AdminContext } from '../admin-context.server.ts';
import { catalogueFormPost, type FormState } from './catalogue-post.server.ts';
import { formState } from './form-state.ts';
import { livingCostHandlers, livingCostListHandlers } from './living-cost-admin.server.ts';
import {
  listLivingCostRows,
  livingCostValues,
  loadLivingCostRow,
  type LivingCostAdminRow,
} from './living-cost-rows.server.ts';
import { listCurrencies } from './university-list.server.ts';

export interface LivingCostListPage {
  rows: LivingCostAdminRow[];
  currencies: string[];
  newLivingCost: FormState;
}

/** Every city's living cost and the "new living cost" form (handled here when posted). */
export async function loadLivingCostListPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<LivingCostListPage | Response> {
  const posted = await catalogueFormPost(astro, livingCostListHandlers(ctx.supabase), astro.url.pathname);
  if (posted instanceof Response) return posted;
  const [rows, currencies] = await Promise.all([
    listLivingCostRows(ctx.supabase),
    listCurrencies(ctx.supabase),
  ]);
  return { rows, currencies, newLivingCost: formState(posted, 'create_living_cost', {}) };
}

export interface LivingCostEditPage {
  row: LivingCostAdminRow;
  currencies: string[];
  forms: Record<'livingCost' | 'verify' | 'delete', FormState>;
}

/** One city's edit page; its forms are handled here when posted. Null when there is no such row. */
export async function loadLivingCostEditPage(
  astro: AstroGlobal,
  ctx: AdminContext,
): Promise<LivingCostEditPage | Response | null> {
  const row = await loadLivingCostRow(ctx.supabase, astro.params['id'] ?? '');
  if (!row) return null;
  const posted = await catalogueFormPost(astro, livingCostHandlers(ctx.supabase, row), astro.url.pathname);
  if (posted instanceof Response) return posted;
  return {
    row,
    currencies: await listCurrencies(ctx.supabase),
    forms: {
      livingCost: formState(posted, 'save_living_cost', livingCostValues(row)),
      verify: formState(posted, 'verify_living_cost', { version: String(row.version) }),
      delete: formState(posted, 'delete_living_cost', {}),
    },
  };
}
