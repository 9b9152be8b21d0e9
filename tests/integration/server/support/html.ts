/** The first hashed build asset of a kind (`js` or `css`) that a page references. */
export function findAsset(html: string, extension: 'js' | 'css'): string {
  const match = html.match(new RegExp(`/_astro/[\\w.-]+\\.${extension}`));
  if (!match) throw new Error(`no /_astro/*.${extension} referenced by the page`);
  return match[0];
}

/** Directive name → sources, from a policy header, which must have been sent exactly once. */
export function directives(policy: string | string[] | undefined): Map<string, string[]> {
  if (Array.isArray(policy)) throw new Error(`expected one policy, got ${policy.length}`);
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The policy a page declares in its `<meta http-equiv="content-security-policy">`. */
export function metaPolicy(html: string): string {
  const match = html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i);
  if (!match?.[1]) throw new Error('page has no CSP meta element');
  return match[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"');
}
