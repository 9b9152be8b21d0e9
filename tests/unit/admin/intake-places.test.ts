import { describe, expect, it } from 'vitest';
import {
  heldPlaces,
  meterShares,
  placeFigures,
  placesLeftText,
  placesText,
  type PlaceFigures,
} from '../../../src/features/admin/intake/places.ts';

const figures = (overrides: Partial<PlaceFigures> = {}): PlaceFigures => ({
  places: 10,
  over_offer: 0,
  offers_out: 0,
  pending_offers: 0,
  acceptances: 0,
  places_left: 10,
  waitlisted: 0,
  unreleased: 0,
  offer_room: 10,
  ...overrides,
});

describe('intake places', () => {
  it('reads either function’s row, with counts that arrive as strings', () => {
    expect(
      placeFigures({
        capacity: 30,
        over_offer: 2,
        offers_out: '4',
        pending_offers: '1',
        acceptances: '5',
        places_left: 20,
        waitlisted: '3',
        unreleased: '2',
        offer_room: 12,
      }),
    ).toEqual({
      places: 30,
      over_offer: 2,
      offers_out: 4,
      pending_offers: 1,
      acceptances: 5,
      places_left: 20,
      waitlisted: 3,
      unreleased: 2,
      offer_room: 12,
    });
    expect(placeFigures({ places: null, places_left: null })).toMatchObject({
      places: null,
      places_left: null,
      offer_room: null,
    });
  });

  it('counts offers out, offers decided but not released and acceptances as held places', () => {
    expect(heldPlaces(figures({ offers_out: 3, pending_offers: 2, acceptances: 4 }))).toBe(9);
  });

  it('names the places and the over-offer allowance', () => {
    expect(placesText(figures({ places: 1 }))).toBe('1 place');
    expect(placesText(figures({ places: 30, over_offer: 2 }))).toBe('30 places (plus 2 over-offers)');
    expect(placesText(figures({ places: null }))).toBe('No limit on places');
  });

  it('says how many places are left, then whether over-offers remain or the allowance was passed', () => {
    expect(placesLeftText(figures({ places_left: 1 }))).toBe('1 place left');
    expect(placesLeftText(figures({ places_left: 4 }))).toBe('4 places left');
    expect(placesLeftText(figures({ places: 2, places_left: 0, offers_out: 2 }))).toBe('Full');
    expect(placesLeftText(figures({ places: 2, over_offer: 2, places_left: 0, offers_out: 3 }))).toBe(
      'Full: 1 over-offer left',
    );
    expect(placesLeftText(figures({ places: 2, over_offer: 1, places_left: 0, acceptances: 5 }))).toBe(
      'Full: 2 over the allowance',
    );
    expect(placesLeftText(figures({ places: null, places_left: null }))).toBe('No limit');
  });

  it('scales the meter to the places, or to what is held when that is more', () => {
    expect(meterShares(figures({ acceptances: 2, offers_out: 3, pending_offers: 1 }))).toEqual({
      acceptances: 20,
      offersOut: 30,
      pending: 10,
    });
    expect(meterShares(figures({ places: 2, acceptances: 4 }))).toEqual({
      acceptances: 100,
      offersOut: 0,
      pending: 0,
    });
  });
});
