import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { scrollTables } from '../../../src/lib/content/scroll-tables.ts';

async function render(markdown: string): Promise<string> {
  const renderer = await createSatteriMarkdownProcessor({
    hastPlugins: [scrollTables],
    syntaxHighlight: false,
  });
  return (await renderer.render(markdown)).code;
}

const table = (header: string) => `| ${header} | Value |\n| --- | --- |\n| a | 1 |\n`;

describe('scroll tables', () => {
  it('wraps each table in a focusable region named after the heading above it', async () => {
    const html = await render(`## Fees\n\n${table('Fee')}\n### Living costs\n\nText.\n\n${table('Cost')}`);
    const regions = [
      ...html.matchAll(/<div class="table-scroll" role="region" tabindex="0" aria-label="([^"]*)"><table>/g),
    ];
    expect(regions.map((match) => match[1])).toEqual(['Table: Fees', 'Table: Living costs']);
    expect(html.match(/<table>/g)).toHaveLength(2);
  });

  it('labels a table with no heading above it plainly', async () => {
    expect(await render(table('Fee'))).toContain('aria-label="Table"');
  });

  it('starts every document afresh, so a heading never labels another page’s table', async () => {
    await render(`## First page heading\n\n${table('Fee')}`);
    const second = await render(table('Fee'));
    expect(second).not.toContain('First page heading');
  });

  it('leaves documents without tables untouched', async () => {
    expect(await render('## Heading\n\nJust text.')).not.toContain('table-scroll');
  });
});
