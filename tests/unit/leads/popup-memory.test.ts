import { describe, expect, it } from 'vitest';
import { parsePopupMemory, popupEligible } from '../../../src/features/leads/popup-memory.ts';

const DAY = 86_400_000;
const now = Date.UTC(2027, 2, 1);

describe('popupEligible', () => {
  it('offers the popup to a first-time visitor of a public page', () => {
    expect(popupEligible('/', null, now)).toBe(true);
    expect(popupEligible('/blog/choosing-a-course/', null, now)).toBe(true);
  });

  it.each([
    '/dashboard',
    '/applications/',
    '/admission-application',
    '/profile',
    '/admin',
    '/admin-intake/',
    '/setup-admin',
    '/auth',
    '/auth/security-error',
    '/unsubscribe',
    '/contact/',
  ])('never shows on %s', (path) => {
    expect(popupEligible(path, null, now)).toBe(false);
  });

  it('does not mistake a public page that merely starts like an app path', () => {
    expect(popupEligible('/authors', null, now)).toBe(true);
    expect(popupEligible('/administration-guide', null, now)).toBe(true);
  });

  it('stays quiet for 30 days after being shown or dismissed, then may ask again', () => {
    for (const outcome of ['shown', 'dismissed'] as const) {
      expect(popupEligible('/', { outcome, at: now - 29 * DAY }, now)).toBe(false);
      expect(popupEligible('/', { outcome, at: now - 30 * DAY }, now)).toBe(true);
    }
  });

  it('never asks again once the visitor sent a request', () => {
    expect(popupEligible('/', { outcome: 'submitted', at: now - 400 * DAY }, now)).toBe(false);
  });
});

describe('parsePopupMemory', () => {
  it('reads what rememberPopup stores', () => {
    expect(parsePopupMemory(JSON.stringify({ outcome: 'dismissed', at: now }))).toEqual({
      outcome: 'dismissed',
      at: now,
    });
  });

  it.each([null, '', 'not json', '{"outcome":"maybe","at":1}', '{"outcome":"shown","at":"yesterday"}'])(
    'treats %j as no memory',
    (raw) => {
      expect(parsePopupMemory(raw)).toBeNull();
    },
  );
});
