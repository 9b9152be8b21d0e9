export interface PageOf<T> {
  items: T[];
  /** 1-based page number. */
  current: number;
  last: number;
  total: number;
  url: string;
  prevUrl: string | undefined;
  nextUrl: string | undefined;
}

/** `/blog/` for page 1, `/blog/page/2/` for the rest: page 1 never has two addresses. */
export function pageUrl(base: string, page: number): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return page <= 1 ? root : `${root}page/${page}/`;
}

/** Splits items into pages; an empty list still yields one (empty) first page. */
export function paginate<T>(items: readonly T[], perPage: number, base: string): PageOf<T>[] {
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError('perPage must be a positive integer');
  const last = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: last }, (_, index) => {
    const current = index + 1;
    return {
      items: items.slice(index * perPage, current * perPage),
      current,
      last,
      total: items.length,
      url: pageUrl(base, current),
      prevUrl: current > 1 ? pageUrl(base, current - 1) : undefined,
      nextUrl: current < last ? pageUrl(base, current + 1) : undefined,
    };
  });
}
