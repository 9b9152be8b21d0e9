/**
 * A PostgREST `or` filter matching `term` anywhere in any of `columns`, case-insensitively. The
 * term is quoted so commas and brackets stay literal, LIKE wildcards in it are escaped, and `*`
 * (PostgREST's own wildcard, which cannot be escaped) is dropped.
 */
export function orIlike(columns: readonly string[], term: string): string | null {
  const literal = term.replaceAll('*', '').trim();
  if (!literal) return null;
  const like = `*${literal.replace(/[\\%_]/g, (char) => `\\${char}`)}*`;
  const quoted = `"${like.replace(/["\\]/g, (char) => `\\${char}`)}"`;
  return columns.map((column) => `${column}.ilike.${quoted}`).join(',');
}
