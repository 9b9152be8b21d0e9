import type { SupabaseClient } from '@supabase/supabase-js';
import { done, outcomeOfError, type AdminHandler } from '../admin-action.server.ts';
import { parseForm, writeFailure } from './catalogue-post.server.ts';
import { movedOn, stampVerified, verifyHandler, versionedUpdate } from './catalogue-writes.server.ts';
import { unconfirmedDeletion } from './delete-confirmation.ts';
import { NO_VERSION, versionOf } from './form-state.ts';
import { livingCostFormSchema } from './living-cost-schema.ts';
import { placeName, type LivingCostAdminRow } from './living-cost-rows.server.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The unique index living_costs_place_idx: one figure per city of a country, whatever its case. */
const CITY_TAKEN = { field: 'city', message: 'This country already has a living cost for this city.' };
const LIST = '/admin/catalogue/living-costs';

function parseLivingCost(fields: Record<string, string>) {
  const parsed = parseForm(livingCostFormSchema, fields);
  if (!parsed.ok) return parsed;
  const { verified, ...row } = parsed.data;
  return { ok: true as const, row: stampVerified(row, verified) };
}

/** The list page's form: a new city opens its edit page. */
export function livingCostListHandlers(supabase: SupabaseClient<Database>): Record<string, AdminHandler> {
  return {
    create_living_cost: async (fields) => {
      const parsed = parseLivingCost(fields);
      if (!parsed.ok) return parsed.outcome;
      const { data, error } = await supabase.from('living_costs').insert(parsed.row).select('id').single();
      if (error) return writeFailure(error, CITY_TAKEN);
      return movedOn(`${placeName(parsed.row)} was added.`, `${LIST}/${data.id}#main`);
    },
  };
}

/** The forms of one city's page; a save names the version the form showed. */
export function livingCostHandlers(
  supabase: SupabaseClient<Database>,
  row: LivingCostAdminRow,
): Record<string, AdminHandler> {
  const update = versionedUpdate(supabase, 'living_costs', row.id);
  return {
    save_living_cost: async (fields) => {
      const parsed = parseLivingCost(fields);
      if (!parsed.ok) return parsed.outcome;
      const version = versionOf(fields);
      if (version === null) return NO_VERSION;
      const { error } = await update(parsed.row, version);
      return error ? writeFailure(error, CITY_TAKEN) : done(`${placeName(parsed.row)} was saved.`);
    },
    verify_living_cost: verifyHandler(update, placeName(row)),
    delete_living_cost: async (fields) => {
      const unconfirmed = unconfirmedDeletion(fields);
      if (unconfirmed) return unconfirmed;
      const { error } = await supabase.from('living_costs').delete().eq('id', row.id);
      if (error) return outcomeOfError(error);
      return movedOn(`${placeName(row)} was deleted.`, `${LIST}#main`, 'Deleted');
    },
  };
}
