import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/supabase/database.types.ts';
import type { ApplicationSummary } from './application-list.server.ts';

/** Where an application stands on its waiting list: 1 is next in line. */
export interface WaitlistPlace {
  place: number;
  waiting: number;
}

/** The places of those among these applications that are on a waiting list (public.waitlist_position). */
export async function loadWaitlistPlaces(
  supabase: SupabaseClient<Database>,
  applications: readonly ApplicationSummary[],
): Promise<Map<string, WaitlistPlace>> {
  const waiting = applications.filter((app) => app.status === 'waitlisted');
  const places = await Promise.all(
    waiting.map(async (app) => {
      const { data, error } = await supabase.rpc('waitlist_position', { application_id: app.id });
      if (error) console.error('Reading a waiting-list place failed', error.message);
      // A row of nulls when the application is no longer waiting.
      const row = data as Partial<WaitlistPlace> | null;
      return row?.place && row.waiting
        ? ([app.id, { place: row.place, waiting: row.waiting }] as const)
        : null;
    }),
  );
  return new Map(places.filter((entry) => entry !== null));
}
