import type { APIContext } from 'astro';
import { listCatalogueSitemap, sitemapXml } from '../features/catalogue/catalogue-sitemap.server.ts';

export const prerender = false;

/** The catalogue's pages for crawlers; robots.txt names it beside the prerendered sitemap index. */
export async function GET(context: APIContext): Promise<Response> {
  const supabase = context.locals.supabase;
  if (!supabase) return new Response(null, { status: 503 });
  try {
    const entries = await listCatalogueSitemap(supabase);
    return new Response(sitemapXml(entries, context.site ?? new URL(context.url.origin)), {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    });
  } catch (error) {
    console.error('Catalogue sitemap failed', error);
    return new Response('The catalogue sitemap is unavailable right now.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
    });
  }
}
