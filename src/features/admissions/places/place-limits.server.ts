import type { SupabaseClient } from '@supabase/supabase-js';
import type { DecideCommand } from '../bulk/bulk-form.ts';
import type { BulkTarget } from '../bulk/bulk-targets.server.ts';
import type { Verdict } from '../bulk/bulk-types.ts';
import type { Database } from '../../../lib/supabase/database.types.ts';

interface Places {
  places: number | null;
  over_offer: number;
  held: number;
}

async function placesOf(supabase: SupabaseClient<Database>, intakeId: string): Promise<Places | null> {
  const { data, error } = await supabase.rpc('staff_intake_places', { intake_id: intakeId });
  if (error) console.error('Reading the places of an intake failed', error.message);
  const row = (data ?? [])[0];
  return row ? { places: row.places, over_offer: row.over_offer, held: Number(row.held) } : null;
}

function beyondPlaces(term: string, places: Places): Verdict {
  const over = places.over_offer > 0 ? ` plus ${places.over_offer} over-offers` : '';
  return {
    kind: 'refuse',
    reasons: [
      `No place would be left for this offer: the ${term} intake has ${places.places} places${over}, ${places.held} are already held, and the offers above this one in the list take the rest. An administrator can override this with a reason.`,
    ],
  };
}

/**
 * preview_decision checks each offer against the places as they stand; several offers in one batch
 * share what is left. Offers beyond it, in list order, are marked as the database will refuse them.
 */
export async function withPlaceLimits(
  supabase: SupabaseClient<Database>,
  command: DecideCommand,
  targets: readonly BulkTarget[],
  verdicts: Verdict[],
): Promise<Verdict[]> {
  const isOffer = command.outcome === 'offer_conditional' || command.outcome === 'offer_unconditional';
  if (!isOffer || command.override_reason) return verdicts;
  const result = [...verdicts];
  const intakes = new Set(targets.filter((_, i) => verdicts[i]?.kind === 'apply').map((t) => t.intake_id));
  for (const intakeId of intakes) {
    const places = await placesOf(supabase, intakeId);
    if (!places || places.places === null) continue;
    let left = places.places + places.over_offer - places.held;
    targets.forEach((target, i) => {
      if (target.intake_id !== intakeId || result[i]?.kind !== 'apply') return;
      if (left <= 0) result[i] = beyondPlaces(target.intake.term, places);
      left -= 1;
    });
  }
  return result;
}
