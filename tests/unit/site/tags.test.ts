import { describe, expect, it } from 'vitest';
import { collectTags, tagSlug, tagUrl } from '../../../src/lib/content/tags.ts';

describe('tags', () => {
  it('turns a tag into a lower-case, hyphenated URL segment', () => {
    expect(tagSlug('English Tests')).toBe('english-tests');
    expect(tagSlug('  Visas & Immigration! ')).toBe('visas-immigration');
    expect(tagSlug('Éducation')).toBe('education');
    expect(tagUrl('Funding')).toBe('/blog/tag/funding/');
  });

  it('counts each post once per tag and merges spellings of the same tag', () => {
    const posts = [
      { data: { tags: ['Planning', 'visas'] } },
      { data: { tags: ['planning', 'planning'] } },
      { data: { tags: ['funding', '!!!'] } },
    ];
    expect(collectTags(posts)).toEqual([
      { slug: 'funding', label: 'funding', count: 1 },
      { slug: 'planning', label: 'Planning', count: 2 },
      { slug: 'visas', label: 'visas', count: 1 },
    ]);
  });
});
