/**
 * Content-Security-Policy assembly. Astro hashes the scripts and styles it emits and publishes them
 * in a `<meta http-equiv>` policy (prerendered pages) or a response header (server-rendered pages).
 * The server sends one complete header policy per response: its own directives, plus Astro's
 * script/style sources, so the page's hashed inline scripts pass both policies.
 */
export type Policy = Map<string, string[]>;

export function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!policy.has(key)) policy.set(key, sources);
  }
  return policy;
}

export function serializePolicy(policy: Policy): string {
  return [...policy].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

export interface BasePolicyOptions {
  /** Origins the browser may call besides this site, e.g. the Supabase API. */
  connectOrigins: readonly string[];
}

export function basePolicy({ connectOrigins }: BasePolicyOptions): Policy {
  return new Map([
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connectOrigins]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}

const PAGE_OWNED = /^(script|style)-src(-elem|-attr)?$/;
const SCRIPT_DIRECTIVE = /^script-src/;
const UNSAFE_SCRIPT_SOURCES = new Set(["'unsafe-inline'", "'unsafe-eval'"]);

/**
 * Combines the server's base policy with a page's own policy: the page decides its script and
 * style sources (hashes), adds directives the base lacks, and never weakens the others.
 * Inline scripts stay hash-only whatever the page asked for.
 */
export function mergePolicies(base: Policy, page: Policy | undefined): Policy {
  const merged: Policy = new Map(base);
  if (!page) return merged;
  for (const [name, sources] of page) {
    if (PAGE_OWNED.test(name)) {
      const safe = SCRIPT_DIRECTIVE.test(name)
        ? sources.filter((source) => !UNSAFE_SCRIPT_SOURCES.has(source.toLowerCase()))
        : sources;
      merged.set(name, safe.length > 0 ? safe : ["'none'"]);
    } else if (!merged.has(name)) {
      merged.set(name, sources);
    }
  }
  return merged;
}

const META_TAG = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&(?:quot|#34|#x22);/gi, '"')
    .replace(/&(?:apos|#39|#x27);/gi, "'")
    .replace(/&(?:lt|#60|#x3c);/gi, '<')
    .replace(/&(?:gt|#62|#x3e);/gi, '>')
    .replace(/&(?:amp|#38|#x26);/gi, '&');
}

/** The policy of the first `<meta http-equiv="content-security-policy">` in an HTML document. */
export function extractMetaPolicy(html: string): Policy | undefined {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  for (const [tag] of head.matchAll(META_TAG)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(ATTRIBUTE)) {
      const name = match[1]?.toLowerCase();
      if (name) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    }
    if (attributes.get('http-equiv')?.toLowerCase() === 'content-security-policy') {
      const content = attributes.get('content');
      if (content) return parsePolicy(content);
    }
  }
  return undefined;
}
