import type { SyntheticEvent } from 'react';
import CourseCard from './CourseCard.tsx';
import CourseFilters from './CourseFilters.tsx';
import Pagination from './Pagination.tsx';
import ResultCount from './ResultCount.tsx';
import type { CourseSearchInput } from './schema.ts';
import SearchNotice from './SearchNotice.tsx';
import type { CourseResults, Facets, RateTable } from './types.ts';
import { formQuery, useInstantSearch } from './use-instant-search.ts';

export interface CourseSearchProps {
  input: CourseSearchInput;
  /** The page's query string without the page number. */
  query: string;
  results: CourseResults;
  facets: Facets;
  display: string;
  rates: RateTable;
}

/**
 * Course search. Without JavaScript it is a GET form and a server-rendered list; once hydrated the
 * list follows the form as the visitor types or ticks filters.
 */
export default function CourseSearch({ input, query, results, facets, display, rates }: CourseSearchProps) {
  const search = useInstantSearch({
    endpoint: '/api/catalogue/courses',
    pagePath: '/courses',
    initialQuery: query,
    initialData: results,
  });
  const data = search.data;
  const onChange = (event: SyntheticEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    search.search(formQuery(event.currentTarget), target.type === 'search' ? 200 : 0);
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.search(formQuery(event.currentTarget), 0);
  };
  return (
    <form
      method="get"
      action="/courses"
      role="search"
      aria-label="Courses"
      onChange={onChange}
      onSubmit={onSubmit}
      className="container-page grid grid-cols-1 gap-8 py-8 lg:grid-cols-[18rem_minmax(0,1fr)]"
    >
      <div className="lg:col-span-2">
        <label htmlFor="course-q" className="block text-sm font-semibold text-ink-800">
          Search courses
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="course-q"
            type="search"
            name="q"
            defaultValue={input.q}
            maxLength={120}
            autoComplete="off"
            placeholder="e.g. computer science, nursing, MBA"
            className="min-h-12 w-full min-w-0 rounded-lg border border-ink-300 px-4 text-base"
          />
          <button type="submit" className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white">
            Search
          </button>
        </div>
      </div>
      <aside aria-label="Filters">
        <h2 className="mb-3 text-lg font-bold">Filters</h2>
        <CourseFilters input={input} facets={facets} display={display} />
        <button
          type="submit"
          className="mt-5 min-h-12 w-full rounded-lg border border-brand-700 font-semibold text-brand-800"
        >
          Apply filters
        </button>
        <a href="/courses" className="mt-3 block text-center text-sm text-brand-700 underline">
          Clear all
        </a>
      </aside>
      <section aria-label="Results" aria-busy={search.loading} className="min-w-0">
        <ResultCount total={data.total} noun={['course', 'courses']} loading={search.loading} />
        {search.error && <p className="mt-2 text-danger-600">{search.error}</p>}
        <div className="mt-3">
          <SearchNotice results={data} query={search.query} />
        </div>
        <ul className="mt-4 grid gap-4">
          {data.items.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} display={display} rates={rates} />
            </li>
          ))}
        </ul>
        <Pagination
          pagePath="/courses"
          query={search.query}
          page={data.page}
          pageCount={data.pageCount}
          label="Course result pages"
        />
      </section>
    </form>
  );
}
