/**
 * Staff searches as PostgREST ILIKE patterns that find the typed text anywhere in a value. LIKE's
 * own characters (`%`, `_`, `\`) are escaped so they match themselves; `*`, PostgREST's wildcard,
 * cannot be escaped and is dropped. Null when nothing is left to look for.
 */
function likeLiteral(text: string): string | null {
  const literal = text.replaceAll('*', '').trim();
  return literal ? literal.replace(/[\\%_]/g, (char) => `\\${char}`) : null;
}

/** The pattern for `.ilike(column, …)`: the text anywhere in the column. */
export function containsLike(text: string): string | null {
  const literal = likeLiteral(text);
  return literal === null ? null : `%${literal}%`;
}

/**
 * A PostgREST `or` filter matching the text anywhere in any of `columns`. The pattern is quoted so
 * commas and brackets in it stay literal.
 */
export function orIlike(columns: readonly string[], text: string): string | null {
  const literal = likeLiteral(text);
  if (literal === null) return null;
  const quoted = `"*${literal.replace(/["\\]/g, (char) => `\\${char}`)}*"`;
  return columns.map((column) => `${column}.ilike.${quoted}`).join(',');
}
