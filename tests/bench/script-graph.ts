/** What a page's HTML asks the browser to run, read without executing anything. */
export interface PageScripts {
  /** `<script src>` and `<link rel="modulepreload">` targets, with whether each holds up parsing. */
  external: Array<{ src: string; blocking: boolean }>;
  inline: Array<{ type: string; text: string }>;
  islands: Array<{ component: string; componentUrl: string; rendererUrl: string; directive: string }>;
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}(?:="([^"]*)"|='([^']*)'|(?=[\\s>/]|$))`, 'i').exec(tag);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
};

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function islandName(tag: string): string {
  const opts = attribute(tag, 'opts');
  try {
    const name = opts ? (JSON.parse(opts) as { name?: unknown }).name : undefined;
    if (typeof name === 'string') return name;
  } catch {
    // Falls through to the file name below.
  }
  const url = attribute(tag, 'component-url') ?? '';
  return url.split('/').pop()?.split('.')[0] ?? url;
}

const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export function pageScripts(html: string): PageScripts {
  const result: PageScripts = { external: [], inline: [], islands: [] };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = ` ${match[1] ?? ''}`;
    const type = (attribute(tag, 'type') ?? '').toLowerCase();
    if (!SCRIPT_TYPES.has(type)) continue;
    const src = attribute(tag, 'src');
    if (src) {
      const deferred =
        type === 'module' || attribute(tag, 'async') !== undefined || attribute(tag, 'defer') !== undefined;
      result.external.push({ src, blocking: !deferred });
    } else if ((match[2] ?? '').trim() !== '') result.inline.push({ type, text: match[2] ?? '' });
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(` ${match[0].slice(5)}`, 'rel') ?? '').toLowerCase();
    const href = attribute(` ${match[0].slice(5)}`, 'href');
    if (rel === 'modulepreload' && href) result.external.push({ src: href, blocking: false });
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const tag = ` ${match[0].slice(13)}`;
    result.islands.push({
      component: islandName(tag),
      componentUrl: attribute(tag, 'component-url') ?? '',
      rendererUrl: attribute(tag, 'renderer-url') ?? '',
      directive: attribute(tag, 'client') ?? '',
    });
  }
  return result;
}

/** Static imports of an ES module (`import … from "x"`, `import "x"`, `export … from "x"`); `import()` stays lazy. */
export function staticImports(code: string): string[] {
  const specifiers = new Set<string>();
  const pattern = /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) specifiers.add(match[1]);
  return [...specifiers];
}

/**
 * Every module a set of entry scripts loads before running, following static imports;
 * `read` returns a module's source by URL path, or undefined when it is not part of the build.
 */
export async function moduleClosure(
  entries: string[],
  read: (path: string) => Promise<string | undefined>,
): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await read(path);
    if (code === undefined) continue;
    for (const specifier of staticImports(code)) {
      if (/^[a-z]+:/i.test(specifier) && !specifier.startsWith('/')) continue;
      queue.push(new URL(specifier, `http://x${path}`).pathname);
    }
  }
  return [...seen];
}
