/**
 * Search text reduced to letters, digits, spaces and the few marks names and references use, so
 * it can sit inside a PostgREST filter (where commas, parentheses and quotes are syntax) and inside
 * an ILIKE pattern (where `%`, `_` and `*` are wildcards) without changing their meaning.
 */
export function searchTerm(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s'.@-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/** `*term*` for an ILIKE filter: the term anywhere in the value. */
export function containsPattern(term: string): string {
  return `*${term}*`;
}

/**
 * The PostgREST `or` filter matching an application by reference, by the name given in its answers,
 * or by the applicants whose profile name or e-mail address matched (their ids).
 */
export function applicantSearchFilter(term: string, applicantIds: readonly string[]): string {
  const pattern = `"${containsPattern(term)}"`;
  const parts = [`reference.ilike.${pattern}`, `answers->personal->>full_name.ilike.${pattern}`];
  if (applicantIds.length > 0) parts.push(`applicant_id.in.(${applicantIds.join(',')})`);
  return parts.join(',');
}

/** The `or` filter on the embedded course: its title or its university's name. */
export function courseSearchFilter(term: string): string {
  const pattern = `"${containsPattern(term)}"`;
  return `title.ilike.${pattern},university_name.ilike.${pattern}`;
}
