import { getEntry, type CollectionEntry } from 'astro:content';

export type StaticPageId = 'about' | 'privacy' | 'terms';

/** A page from content/pages; a missing file fails the build rather than shipping an empty page. */
export async function getStaticPage(id: StaticPageId): Promise<CollectionEntry<'pages'>> {
  const page = await getEntry('pages', id);
  if (!page) throw new Error(`content/pages/${id}.md is missing.`);
  return page;
}
