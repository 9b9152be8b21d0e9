/**
 * How deeply the arrays and objects of a JSON text nest, found in one pass without recursion, so a
 * body nested thousands of levels deep can be refused before anything walks it recursively.
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (quoted) {
      if (char === 0x5c) i++;
      else if (char === 0x22) quoted = false;
    } else if (char === 0x22) quoted = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}
