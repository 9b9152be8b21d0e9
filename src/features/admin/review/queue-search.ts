import { orIlike } from '../search-pattern.ts';

/**
 * Search text reduced to letters, digits, spaces and the few marks names, references and e-mail
 * addresses use, so that the same term means the same in the queue's list, its status figures and
 * the applicant lookups.
 */
export function searchTerm(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s'.@-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/**
 * The PostgREST `or` filter matching an application by reference, by the name given in its answers,
 * or by the applicants whose profile name or e-mail address matched (their ids). Null when there is
 * nothing to match.
 */
export function applicantSearchFilter(term: string, applicantIds: readonly string[]): string | null {
  const parts = [orIlike(['reference', 'answers->personal->>full_name'], term)];
  if (applicantIds.length > 0) parts.push(`applicant_id.in.(${applicantIds.join(',')})`);
  return parts.filter(Boolean).join(',') || null;
}

/** The `or` filter on the embedded course: its title or its university's name. */
export function courseSearchFilter(term: string): string | null {
  return orIlike(['title', 'university_name'], term);
}
