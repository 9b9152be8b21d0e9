/**
 * An intake's places as staff read them (admin_intakes and staff_intake_places): offers and
 * acceptances use places; applications do not.
 */
export interface PlaceFigures {
  /** The intake's places (its capacity); null when it has no limit. */
  places: number | null;
  /** Offers allowed beyond the places. */
  over_offer: number;
  /** Offers released and not answered yet. */
  offers_out: number;
  /** Offers decided (recommended or approved) but not released to the applicant. */
  pending_offers: number;
  /** Accepted offers: conditions pending, accepted and enrolled. */
  acceptances: number;
  /** Places not held by an offer or an acceptance; null when there is no limit. */
  places_left: number | null;
  waitlisted: number;
  /** Decisions of any kind made but not released. */
  unreleased: number;
  /** Offers that may still be made within the places and the over-offer allowance; null: no limit. */
  offer_room: number | null;
}

const count = (value: unknown) => Number(value ?? 0) || 0;
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The figures from either function's row (capacity or places; counts that may arrive as strings). */
export function placeFigures(row: Record<string, unknown> | object): PlaceFigures {
  const raw = row as Record<string, unknown>;
  return {
    places: orNull(raw['places'] ?? raw['capacity']),
    over_offer: count(raw['over_offer']),
    offers_out: count(raw['offers_out']),
    pending_offers: count(raw['pending_offers']),
    acceptances: count(raw['acceptances']),
    places_left: orNull(raw['places_left']),
    waitlisted: count(raw['waitlisted']),
    unreleased: count(raw['unreleased']),
    offer_room: orNull(raw['offer_room']),
  };
}

/** Places held: offers out, offers decided but not released, and acceptances. */
export function heldPlaces(figures: PlaceFigures): number {
  return figures.offers_out + figures.pending_offers + figures.acceptances;
}

/** "1 offer", "3 offers": a count with its noun. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "30 places (plus 2 over-offers)", or "No limit on places". */
export function placesText(figures: PlaceFigures): string {
  if (figures.places === null) return 'No limit on places';
  const extra = figures.over_offer > 0 ? ` (plus ${plural(figures.over_offer, 'over-offer')})` : '';
  return `${plural(figures.places, 'place')}${extra}`;
}

/**
 * What is left: "5 places left"; once the places are held, "Full", with the over-offers still
 * allowed or how far beyond them the intake went (an administrator's override).
 */
export function placesLeftText(figures: PlaceFigures): string {
  if (figures.places === null) return 'No limit';
  const left = figures.places_left ?? Math.max(figures.places - heldPlaces(figures), 0);
  if (left > 0) return `${plural(left, 'place')} left`;
  const beyond = heldPlaces(figures) - figures.places - figures.over_offer;
  if (beyond > 0) return `Full: ${beyond} over the allowance`;
  const room = -beyond;
  return room > 0 ? `Full: ${plural(room, 'over-offer')} left` : 'Full';
}

export interface MeterShare {
  acceptances: number;
  offersOut: number;
  pending: number;
}

/** Percent widths of the places meter's parts; over-full intakes fill the bar. */
export function meterShares(figures: PlaceFigures): MeterShare {
  const scale = Math.max(figures.places ?? 0, heldPlaces(figures), 1);
  const share = (n: number) => Math.round((n / scale) * 100);
  return {
    acceptances: share(figures.acceptances),
    offersOut: share(figures.offers_out),
    pending: share(figures.pending_offers),
  };
}
