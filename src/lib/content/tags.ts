/** URL segment for a tag: lower-case words joined by hyphens. */
export function tagSlug(tag: string): string {
  return tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function tagUrl(tag: string): string {
  return `/blog/tag/${tagSlug(tag)}/`;
}

/** Every distinct tag slug with its display label (first spelling seen) and post count. */
export function collectTags(posts: readonly { data: { tags: readonly string[] } }[]) {
  const tags = new Map<string, { label: string; count: number }>();
  for (const post of posts) {
    for (const tag of new Set(post.data.tags.map(tagSlug).filter(Boolean))) {
      const label = post.data.tags.find((t) => tagSlug(t) === tag) ?? tag;
      const seen = tags.get(tag);
      tags.set(tag, { label: seen?.label ?? label, count: (seen?.count ?? 0) + 1 });
    }
  }
  return [...tags].map(([slug, info]) => ({ slug, ...info })).sort((a, b) => a.slug.localeCompare(b.slug));
}
