/** Which budgets a page answers to: content pages are static reading, catalogue pages query data. */
export type PageKind = 'content' | 'catalogue' | 'auth';

export interface RouteSpec {
  /** The label in reports: the route pattern, e.g. `/blog/{slug}`. */
  label: string;
  kind: PageKind;
  /** A concrete path, or how to find one from a listing page's links. */
  path: string | { listing: string; linkPattern: RegExp };
}

export const ROUTES: RouteSpec[] = [
  { label: '/', kind: 'content', path: '/' },
  { label: '/about', kind: 'content', path: '/about' },
  { label: '/privacy', kind: 'content', path: '/privacy' },
  { label: '/terms', kind: 'content', path: '/terms' },
  { label: '/contact', kind: 'content', path: '/contact' },
  { label: '/blog', kind: 'content', path: '/blog' },
  {
    label: '/blog/{slug}',
    kind: 'content',
    path: { listing: '/blog', linkPattern: /^\/blog\/(?!page\/|tag\/)[\w-]+\/?$/ },
  },
  { label: '404', kind: 'content', path: '/this-page-does-not-exist' },
  { label: '/universities', kind: 'catalogue', path: '/universities' },
  {
    label: '/universities/{id}',
    kind: 'catalogue',
    path: { listing: '/universities', linkPattern: /^\/universities\/(?!page\/)[\w-]+\/?$/ },
  },
  { label: '/courses', kind: 'catalogue', path: '/courses' },
  { label: '/discover', kind: 'catalogue', path: '/discover' },
  { label: '/auth', kind: 'auth', path: '/auth' },
];

/** The routes Lighthouse visits (the list: the legal pages, contact and 404 only get the JS check). */
export const LIGHTHOUSE_ROUTES = new Set([
  '/',
  '/about',
  '/blog',
  '/blog/{slug}',
  '/universities',
  '/universities/{id}',
  '/courses',
  '/discover',
  '/auth',
]);

/**
 * The public islands: the contact page's lead form (and the signed-in layouts' toast region). Any
 * other island, or any script outside the public ones, breaks the content-page JS budget.
 */
export const PUBLIC_ISLANDS = new Set(['ToastRegion', 'LeadForm']);

/**
 * The public layout's own scripts, by source file: the toast region and the lead-capture loader
 * (which imports the counselling dialog only when it is asked for). They count as public islands.
 */
export const PUBLIC_SCRIPTS = new Set(['ToastRegion', 'LeadLoader']);

/** The source file a built script comes from: `/_astro/LeadLoader.astro_astro_type_script….js` → LeadLoader. */
export const scriptSource = (src: string): string => src.split('/').pop()?.split('.')[0] ?? src;

/** Hydration directives that never hold up the first paint. */
export const NON_BLOCKING_DIRECTIVES = new Set(['idle', 'visible', 'media', 'only', 'interact']);

export type ResolvedRoute = RouteSpec & { url: string } & (
    { status: 'ok' } | { status: 'missing'; reason: string }
  );

/** Absolute links of an HTML page, as same-origin paths. */
export function pagePaths(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"#?]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((p) => p.startsWith('/'));
}

/** GET with one retry: a loaded single-core server may drop an idle keep-alive connection. */
export async function fetchPage(url: string): Promise<{ status: number; html: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      return { status: response.status, html: await response.text() };
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

async function resolveOne(base: string, spec: RouteSpec): Promise<ResolvedRoute> {
  let path: string;
  if (typeof spec.path === 'string') path = spec.path;
  else {
    const listing = await fetchPage(new URL(spec.path.listing, base).href);
    if (listing.status !== 200) {
      const reason = `${spec.path.listing} answers ${listing.status}, so no ${spec.label} page to pick`;
      return { ...spec, url: new URL(spec.path.listing, base).href, status: 'missing', reason };
    }
    const pattern = spec.path.linkPattern;
    const found = pagePaths(listing.html).find((p) => pattern.test(p));
    if (!found) {
      const reason = `${spec.path.listing} links to no ${spec.label} page`;
      return { ...spec, url: new URL(spec.path.listing, base).href, status: 'missing', reason };
    }
    path = found;
  }
  const url = new URL(path, base).href;
  const { status } = await fetchPage(url);
  const expected = spec.label === '404' ? 404 : 200;
  if (status === expected) return { ...spec, url, status: 'ok' };
  return { ...spec, url, status: 'missing', reason: `${path} answers ${status}` };
}

/** Turns the route list into concrete URLs on the running app, marking the pages that do not exist yet. */
export async function resolveRoutes(base: string, specs: RouteSpec[] = ROUTES): Promise<ResolvedRoute[]> {
  const resolved: ResolvedRoute[] = [];
  for (const spec of specs) {
    try {
      resolved.push(await resolveOne(base, spec));
    } catch (error) {
      const reason = `the request failed (${error instanceof Error ? error.message : String(error)})`;
      resolved.push({ ...spec, url: base, status: 'missing', reason });
    }
  }
  return resolved;
}
