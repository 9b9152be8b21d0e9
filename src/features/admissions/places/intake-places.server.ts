import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';

/** staff_intake_places(): null places (and places left) mean the intake has no limit. */
export interface IntakePlaces {
  places: number | null;
  over_offer: number;
  offers_out: number;
  pending_offers: number;
  acceptances: number;
  held: number;
  places_left: number | null;
  waitlisted: number;
  unreleased: number;
  /** More offers that may be made within the places and the over-offer allowance; null: no limit. */
  offer_room: number | null;
}

/**
 * The places of an intake as the database counts them (staff only). A failure reads as null, which
 * the review screen says and the bulk preview leaves to the database to check again on apply.
 */
export async function loadIntakePlaces(
  supabase: SupabaseClient<Database>,
  intakeId: string,
): Promise<IntakePlaces | null> {
  const { data, error } = await supabase.rpc('staff_intake_places', { intake_id: intakeId });
  if (error) console.error('Reading the places of an intake failed', error.message);
  return (data ?? [])[0] ?? null;
}
