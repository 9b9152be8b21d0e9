/**
 * The headers every answer carries, whoever produces it: the adapter's file server (prebuilt pages,
 * assets) or an on-demand page. Script and style sources are Astro's own (`security.csp` in
 * astro.config.mjs: hashes in a meta element on prebuilt pages, a header on rendered ones); the
 * policy here holds every other directive and is enforced beside Astro's, so neither can loosen the
 * other. It has no default-src, which would also govern scripts and block Astro's hashed inline ones.
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

export const FIXED_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
];

/** Server-rendered answers that did not choose a policy: never stored by shared caches. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

function originOf(url: string): string[] {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

/** Every directive but script-src and style-src; the browser may also call the Supabase API. */
export function basePolicy(supabaseUrl: string): string {
  return [
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...originOf(supabaseUrl)].join(' ')}`,
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Two policies in one header (a comma separates them): the browser enforces both. */
export function withBasePolicy(pagePolicy: string | null, base: string): string {
  return pagePolicy ? `${pagePolicy}, ${base}` : base;
}

/** Some responses (a fetch's, Response.redirect's) have read-only headers; a copy can be changed. */
export function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}
