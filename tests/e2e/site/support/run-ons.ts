import type { Page } from '@playwright/test';

/**
 * Words that run into each other in the rendered page, as a reader sees them: "Signed in as" +
 * <strong>name</strong> drawn as "Signed in asname", "Courses ›" + <a>Ashcombe</a>, "Comparing 4courses",
 * "Ashcombe University,Bristol". Returns each with a little context; an empty list means none.
 *
 * Two checks, both kept narrow enough that the real site gives no false alarm:
 * - across an element boundary: two text runs in one line of inline content (every element between
 *   them and on their way up is `display: inline`, nothing visual such as an image, a line break or
 *   generated content separates them) where the first ends in a letter, digit or closing mark and the
 *   second starts with a letter or digit, with no space on either side;
 * - inside one text: a count glued to its word ("4courses") or a comma or semicolon glued to the next
 *   word after a letter ("University,Bristol").
 */
export function findRunOns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SKIPPED =
      'script, style, noscript, template, textarea, select, datalist, svg, math, code, pre, kbd, samp';
    const LEAVES = new Set([
      'BR',
      'WBR',
      'IMG',
      'INPUT',
      'BUTTON',
      'SELECT',
      'TEXTAREA',
      'IFRAME',
      'VIDEO',
      'HR',
      'SVG',
      'svg',
      'OBJECT',
      'CANVAS',
      'PICTURE',
    ]);
    const ENDS = /[\p{L}\p{N},;:›»)]$/u;
    const STARTS = /^[\p{L}\p{N}(]/u;
    /** A sentence that ends right where the next one (a link, say) starts: "in JSON.Export my data". */
    const SENTENCE_END = /\p{L}[.!?]$/u;
    const IN_TEXT = [/\b\d+(?=[a-z]*[g-z])[a-z]{4,}\b/u, /\p{Ll}[,;](?=\p{L})/u];
    const found: string[] = [];

    const generates = (element: Element) =>
      ['::before', '::after'].some((pseudo) => {
        const content = getComputedStyle(element, pseudo).content;
        return content !== 'none' && content !== 'normal' && content !== '""';
      });
    const flowsInline = (element: Element) =>
      ['inline', 'contents'].includes(getComputedStyle(element).display) && !generates(element);
    /** Every element from `node` up to (not including) `stop` keeps the text in the same inline run. */
    const inlineUpTo = (node: Node, stop: Node) => {
      for (let at = node.parentElement; at && at !== stop; at = at.parentElement)
        if (!flowsInline(at)) return false;
      return true;
    };
    const commonAncestor = (a: Node, b: Node) => {
      const range = document.createRange();
      range.setStartBefore(a);
      range.setEndAfter(b);
      return range.commonAncestorContainer;
    };
    const shown = (text: Text) => {
      const parent = text.parentElement;
      return parent !== null && !parent.closest(SKIPPED) && parent.checkVisibility();
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let previous: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (LEAVES.has(node.tagName) || !flowsInline(node) || node.matches(SKIPPED)) previous = null;
        continue;
      }
      const text = node as Text;
      const value = text.data;
      if (!shown(text) || value.length === 0) continue;
      for (const pattern of IN_TEXT) {
        const match = pattern.exec(value);
        if (match) found.push(`«${value.slice(Math.max(0, match.index - 20), match.index + 20).trim()}»`);
      }
      if (previous) {
        const before = previous.data;
        const joint = commonAncestor(previous, text);
        const glued =
          (ENDS.test(before) && STARTS.test(value)) || (SENTENCE_END.test(before) && /^\p{Lu}/u.test(value));
        if (glued && inlineUpTo(previous, joint) && inlineUpTo(text, joint)) {
          found.push(`«${before.slice(-25).trimStart()}|${value.slice(0, 25).trimEnd()}»`);
        }
      }
      previous = /\S/.test(value) ? text : previous;
      if (/\s$/.test(value)) previous = null;
    }
    return found;
  });
}
