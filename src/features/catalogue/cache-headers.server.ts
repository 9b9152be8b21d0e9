/** Shared caches may keep a visitor's catalogue page briefly; a signed-in applicant's never. */
export const PUBLIC_CATALOGUE = 'public, max-age=60, stale-while-revalidate=300';
export const PRIVATE_CATALOGUE = 'private, no-cache';

/**
 * Sets the caching policy of a catalogue response. Pages vary by the display-currency cookie and
 * the visitor's language (the default currency), so both are named in Vary.
 */
export function applyCatalogueCaching(headers: Headers, signedIn: boolean): void {
  headers.set('Cache-Control', signedIn ? PRIVATE_CATALOGUE : PUBLIC_CATALOGUE);
  headers.set('Vary', 'Cookie, Accept-Language');
}
