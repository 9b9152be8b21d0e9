/**
 * Search text as the staff lists send it to the database: one normal form of each accented letter,
 * single spaces, at most 80 characters. The database folds accents and case and treats every
 * character, `%` and `_` included, as itself; the same term means the same in a list and its figures.
 */
export function searchTerm(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, 80);
}
