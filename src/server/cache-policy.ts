/** Hashed build output: the name changes whenever the content does, so browsers may keep it forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages must be revalidated so a rebuild reaches visitors at once; the ETag keeps that cheap. */
export const REVALIDATE = 'no-cache';
/** Unhashed public files (favicon, robots.txt, feeds, sitemaps, images): a short shared lifetime. */
export const SHORT_LIVED = 'public, max-age=3600';
/** Server-rendered responses that did not choose a policy: never stored by shared caches. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

export const HASHED_ASSET_PREFIX = '/_astro/';

export function cacheControlForStatic(urlPath: string, contentType: string): string {
  if (urlPath.startsWith(HASHED_ASSET_PREFIX)) return IMMUTABLE;
  if (contentType.startsWith('text/html')) return REVALIDATE;
  return SHORT_LIVED;
}
