import type { JsonLd } from './json-ld.ts';
import { organizationId } from './organization.ts';

export interface BlogPostingInput {
  url: URL;
  title: string;
  description: string;
  author: string;
  pubDate: Date;
  updatedDate?: Date | undefined;
  tags: readonly string[];
  image: URL;
}

export function blogPostingJsonLd(site: URL, post: BlogPostingInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${post.url.href}#article`,
    mainEntityOfPage: post.url.href,
    url: post.url.href,
    headline: post.title,
    description: post.description,
    image: post.image.href,
    datePublished: post.pubDate.toISOString(),
    dateModified: (post.updatedDate ?? post.pubDate).toISOString(),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': organizationId(site) },
    keywords: post.tags.join(', '),
    inLanguage: 'en',
  };
}
