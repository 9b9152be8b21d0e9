import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../lib/supabase/database.types.ts';
import { loadIntakePlaces, type IntakePlaces } from './intake-places.server.ts';

/** An offer about to be made on an application of this intake. */
export interface PlaceClaim {
  intakeId: string;
  term: string;
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function beyondPlaces(term: string, places: IntakePlaces): string {
  const over = places.over_offer > 0 ? ` plus ${counted(places.over_offer, 'over-offer')}` : '';
  return `No place would be left for this offer: the ${term} intake has ${counted(places.places ?? 0, 'place')}${over}, ${places.held} already held, and the offers above this one in the list take the rest. An administrator can override this with a reason.`;
}

/**
 * preview_decision checks each offer against the places as they stand; several offers in one batch
 * share what is left. The claims beyond it, in list order (null: no offer on that row), by their
 * index, with why the database will refuse them.
 */
export async function offersBeyondPlaces(
  supabase: SupabaseClient<Database>,
  claims: readonly (PlaceClaim | null)[],
): Promise<Map<number, string>> {
  const beyond = new Map<number, string>();
  const intakes = new Set(claims.flatMap((claim) => (claim ? [claim.intakeId] : [])));
  for (const intakeId of intakes) {
    const places = await loadIntakePlaces(supabase, intakeId);
    if (!places || places.places === null) continue;
    let left = places.offer_room ?? 0;
    claims.forEach((claim, i) => {
      if (claim?.intakeId !== intakeId) return;
      if (left <= 0) beyond.set(i, beyondPlaces(claim.term, places));
      left -= 1;
    });
  }
  return beyond;
}
