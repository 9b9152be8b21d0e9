import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';

type HastPlugin = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * Markdown HTML plugin: wraps every table in a keyboard-focusable, labelled scroll region so a
 * wide table scrolls on its own instead of making the whole page scroll sideways (WCAG 1.4.10).
 * The label is the nearest heading above the table, which is what readers know it by. Astro calls
 * this factory once per document, so the heading never leaks from one page into another.
 */
export function scrollTables(): HastPlugin {
  let heading = '';
  return {
    name: 'unipath-scroll-tables',
    element: {
      filter: [...HEADINGS, 'table'],
      visit(node, ctx) {
        if (node.tagName !== 'table') {
          heading = ctx.textContent(node).trim();
          return;
        }
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'div',
          properties: {
            className: ['table-scroll'],
            role: 'region',
            tabIndex: 0,
            ariaLabel: heading ? `Table: ${heading}` : 'Table',
          },
          children: [],
        });
      },
    },
  };
}
