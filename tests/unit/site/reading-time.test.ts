import { describe, expect, it } from 'vitest';
import {
  countWords,
  formatReadingTime,
  readingMinutes,
  WORDS_PER_MINUTE,
} from '../../../src/lib/content/reading-time.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('reading time', () => {
  it('counts the words a reader reads, not markdown syntax', () => {
    expect(countWords('## A heading\n\n- **bold** item\n- [a link](https://example.com/x) here')).toBe(7);
  });

  it('ignores code blocks, HTML tags and frontmatter', () => {
    const markdown =
      '---\ntitle: Ignored words here\n---\nOne two\n\n```ts\nconst skipped = 1;\n```\n<div class="x">three</div>';
    expect(countWords(markdown)).toBe(3);
  });

  it('keeps the alt text of images and counts non-Latin words', () => {
    expect(countWords('![Campus at dawn](/img.png) Öğrenci 学生')).toBe(5);
  });

  it('rounds to whole minutes at the documented speed', () => {
    expect(readingMinutes(words(WORDS_PER_MINUTE * 5))).toBe(5);
    expect(readingMinutes(words(Math.round(WORDS_PER_MINUTE * 2.6)))).toBe(3);
  });

  it('never says zero minutes, even for an empty post', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('Short.')).toBe(1);
  });

  it('formats minutes for display', () => {
    expect(formatReadingTime(4)).toBe('4 min read');
  });
});
