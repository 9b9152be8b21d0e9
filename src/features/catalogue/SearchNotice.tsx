import type { CourseResults } from './types.ts';

function searchHref(query: string, q: string): string {
  const params = new URLSearchParams(query);
  params.set('q', q);
  params.delete('page');
  return `/courses?${params.toString()}`;
}

/** "Did you mean": either the results already use the correction, or it is offered as a link. */
export default function SearchNotice({ results, query }: { results: CourseResults; query: string }) {
  if (results.correctedFrom && results.suggestion)
    return (
      <p className="rounded-lg bg-accent-100 px-4 py-3 text-ink-900">
        No courses matched “{results.correctedFrom}”. Showing results for{' '}
        <strong>“{results.suggestion}”</strong>.{' '}
        <a className="font-semibold text-brand-700 underline" href={searchHref(query, results.suggestion)}>
          Search for “{results.suggestion}”
        </a>
      </p>
    );
  if (results.suggestion)
    return (
      <p className="rounded-lg bg-accent-100 px-4 py-3 text-ink-900">
        Did you mean{' '}
        <a className="font-semibold text-brand-700 underline" href={searchHref(query, results.suggestion)}>
          {results.suggestion}
        </a>
        ?
      </p>
    );
  return null;
}
