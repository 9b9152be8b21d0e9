export interface PaginationProps {
  pagePath: string;
  /** The current query without a page number. */
  query: string;
  page: number;
  pageCount: number;
  label: string;
}

function href(pagePath: string, query: string, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${pagePath}?${text}` : pagePath;
}

/** Previous/next and a few numbered pages, as plain links. */
export default function Pagination({ pagePath, query, page, pageCount, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  const numbers = [...new Set([1, page - 1, page, page + 1, pageCount])].filter(
    (n) => n >= 1 && n <= pageCount,
  );
  const link =
    'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-ink-300 px-3';
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <a className={link} href={href(pagePath, query, page - 1)} rel="prev">
              Previous
            </a>
          </li>
        )}
        {numbers.map((n) => (
          <li key={n}>
            <a
              className={`${link} ${n === page ? 'border-brand-700 bg-brand-700 text-white' : ''}`}
              href={href(pagePath, query, n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </a>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <a className={link} href={href(pagePath, query, page + 1)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
