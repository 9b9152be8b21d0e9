import type { SupabaseClient } from '@supabase/supabase-js';
import { kpisSchema, type Kpis } from './kpis.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** The console's figures, or null when they could not be read (the page says so instead of showing zeros). */
export async function loadKpis(supabase: SupabaseClient<Database>): Promise<Kpis | null> {
  const { data, error } = await supabase.rpc('admin_kpis');
  if (error) {
    console.error('admin_kpis failed', error.message);
    return null;
  }
  const parsed = kpisSchema.safeParse(data);
  if (!parsed.success) {
    console.error('admin_kpis answered an unexpected shape', parsed.error.message);
    return null;
  }
  return parsed.data;
}
