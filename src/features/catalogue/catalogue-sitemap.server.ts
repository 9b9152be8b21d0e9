import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../../lib/supabase/database.types.ts';

/** The sitemap protocol's limit per file; the demo catalogue is far below it. */
export const SITEMAP_LIMIT = 50_000;
const CHUNK = 1000;

export interface SitemapEntry {
  path: string;
  lastModified: string;
}

type Row = Pick<Tables<'universities' | 'courses'>, 'slug' | 'updated_at'>;

/** Published rows of one table, slug order, read in pages (hosted projects cap a response at 1,000 rows). */
async function publishedSlugs(
  supabase: SupabaseClient<Database>,
  table: 'universities' | 'courses',
  budget: number,
) {
  const rows: Row[] = [];
  for (let from = 0; rows.length < budget; from += CHUNK) {
    const to = from + Math.min(CHUNK, budget - rows.length) - 1;
    const { data, error } = await supabase
      .from(table)
      .select('slug, updated_at')
      .order('slug')
      .range(from, to);
    if (error) throw new Error(`sitemap read of ${table} failed: ${error.message}`);
    rows.push(...data);
    if (data.length < to - from + 1) break;
  }
  return rows;
}

/**
 * Every public university and course page, as RLS shows them to a visitor (published rows of
 * published universities only), universities first, at most SITEMAP_LIMIT entries.
 */
export async function listCatalogueSitemap(supabase: SupabaseClient<Database>): Promise<SitemapEntry[]> {
  const universities = await publishedSlugs(supabase, 'universities', SITEMAP_LIMIT);
  const courses = await publishedSlugs(supabase, 'courses', SITEMAP_LIMIT - universities.length);
  return [
    ...universities.map((row) => ({ path: `/universities/${row.slug}`, lastModified: row.updated_at })),
    ...courses.map((row) => ({ path: `/courses/${row.slug}`, lastModified: row.updated_at })),
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function sitemapXml(entries: readonly SitemapEntry[], site: URL): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${escapeXml(new URL(entry.path, site).href)}</loc><lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
