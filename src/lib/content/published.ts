/** The frontmatter fields that decide whether and where a post is listed. */
export interface PostLike {
  data: { draft: boolean; pubDate: Date };
}

export function isPublished(post: PostLike): boolean {
  return !post.data.draft;
}

/** Published posts only, newest first; posts sharing a date keep their input order. */
export function publishedNewestFirst<T extends PostLike>(posts: readonly T[]): T[] {
  return posts.filter(isPublished).sort((a, b) => b.data.pubDate.getTime() - a.data.pubDate.getTime());
}
