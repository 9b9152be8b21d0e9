import { describe, expect, it } from 'vitest';
import { isPublished, publishedNewestFirst } from '../../../src/lib/content/published.ts';

const post = (id: string, date: string, draft = false) => ({ id, data: { draft, pubDate: new Date(date) } });

describe('published posts', () => {
  it('treats drafts as unpublished', () => {
    expect(isPublished(post('a', '2026-01-01'))).toBe(true);
    expect(isPublished(post('b', '2026-01-01', true))).toBe(false);
  });

  it('drops every draft and lists the rest newest first', () => {
    const posts = [
      post('old', '2025-03-01'),
      post('draft', '2026-09-01', true),
      post('new', '2026-05-01'),
      post('mid', '2025-12-24'),
    ];
    expect(publishedNewestFirst(posts).map((p) => p.id)).toEqual(['new', 'mid', 'old']);
  });

  it('does not reorder the list it was given', () => {
    const posts = [post('old', '2025-03-01'), post('new', '2026-05-01')];
    publishedNewestFirst(posts);
    expect(posts.map((p) => p.id)).toEqual(['old', 'new']);
  });

  it('keeps the input order for posts published on the same day', () => {
    const posts = [post('first', '2026-01-01'), post('second', '2026-01-01')];
    expect(publishedNewestFirst(posts).map((p) => p.id)).toEqual(['first', 'second']);
  });
});
