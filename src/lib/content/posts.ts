import { getCollection, type CollectionEntry } from 'astro:content';
import { publishedNewestFirst } from './published.ts';
import { formatReadingTime, readingMinutes } from './reading-time.ts';

export type Post = CollectionEntry<'blog'>;

/** Every post that may appear anywhere on the site, newest first. Drafts never leave this function. */
export async function getPublishedPosts(): Promise<Post[]> {
  return publishedNewestFirst(await getCollection('blog'));
}

export function postUrl(post: Post): string {
  return `/blog/${post.id}/`;
}

export function postReadingTime(post: Post): string {
  return formatReadingTime(readingMinutes(post.body ?? ''));
}
