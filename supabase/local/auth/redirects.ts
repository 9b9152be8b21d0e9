/** Turns an allow-list entry into a pattern: `*` stops at `.` and `/`, `**` matches across them. */
function globPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const loopback = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether a redirect target is allowed, as GoTrue decides it: the site URL's origin (any port for
 * localhost), a loopback address, or an entry of the allow-list (globs).
 */
export function isAllowedRedirect(target: string, siteUrl: string, allowList: string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !allowList.some((g) => target.startsWith(g)))
    return false;
  const site = new URL(siteUrl);
  if (url.origin === site.origin) return true;
  if (site.hostname === 'localhost' && url.hostname === 'localhost') return true;
  if (loopback.has(url.hostname) && url.protocol === 'http:') return true;
  return allowList.some((entry) => globPattern(entry).test(target));
}

/** The redirect target a request may use: its own when allowed, else the site URL. */
export function resolveRedirect(requested: string | null | undefined, siteUrl: string, allowList: string[]) {
  if (requested && isAllowedRedirect(requested, siteUrl, allowList)) return requested;
  return siteUrl;
}
