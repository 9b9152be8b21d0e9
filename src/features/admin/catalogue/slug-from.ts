/** A web address made from a name ("École Normale" → "ecole-normale"), for forms left without one. */
export function slugFrom(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}
