import { POSTS_PER_PAGE } from '../../site.ts';
import { paginate } from './paginate.ts';
import { getPublishedPosts } from './posts.ts';
import { collectTags } from './tags.ts';

export const BLOG_TITLE = 'Guides for studying abroad';
export const BLOG_DESCRIPTION =
  'Practical guides from Unipath counsellors on choosing courses, English tests, funding, visas and applications.';

/** Every page of the blog index plus the tag labels it shows. */
export async function getBlogIndexPages() {
  const posts = await getPublishedPosts();
  return {
    pages: paginate(posts, POSTS_PER_PAGE, '/blog/'),
    tags: collectTags(posts).map((tag) => tag.label),
  };
}
