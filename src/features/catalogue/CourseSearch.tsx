import { useMemo, type ReactNode, type SyntheticEvent } from 'react';
import { fromIslandJson, type IslandJson } from '../../lib/island-json.ts';
import CourseCard from './CourseCard.tsx';
import Pagination from './Pagination.tsx';
import PickForm from './PickForm.tsx';
import ResultCount, { resultLabel } from './ResultCount.tsx';
import SearchForm from './SearchForm.tsx';
import type { CourseSearchInput } from './schema.ts';
import SearchNotice from './SearchNotice.tsx';
import type { CourseResults, RateTable } from './types.ts';
import { formQuery, useInstantSearch } from './use-instant-search.ts';

export interface CourseSearchProps {
  input: CourseSearchInput;
  /** The page's query string without the page number. */
  query: string;
  /** The first page of results, as JSON (see IslandJson). */
  results: IslandJson<CourseResults>;
  /**
   * The filters (CourseFilters), rendered by the page into a slot: plain fields the search reads,
   * sent once as HTML rather than again as the island's props.
   */
  filters?: ReactNode;
  display: string;
  /** The exchange rates the cards convert tuition with, as JSON. */
  rates: IslandJson<RateTable>;
  /** The signed-in person's CSRF token for the Save and Compare forms ('' for visitors). */
  csrfToken: string;
  /** This page's path and query, where a Save or Compare post sends the person back. */
  pagePath: string;
}

/**
 * Course search. Without JavaScript it is a GET form and a server-rendered list; once hydrated the
 * list follows the form as the visitor types or ticks filters.
 */
export default function CourseSearch(props: CourseSearchProps) {
  const { input, query, filters, display, csrfToken, pagePath } = props;
  const results = useMemo(() => fromIslandJson(props.results), [props.results]);
  const rates = useMemo(() => fromIslandJson(props.rates), [props.rates]);
  const search = useInstantSearch({
    endpoint: '/api/catalogue/courses',
    pagePath: '/courses',
    initialQuery: query,
    initialData: results,
  });
  const data = search.data;
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.search(formQuery(event.currentTarget), 0);
  };
  return (
    <>
      <SearchForm
        pagePath="/courses"
        label="Courses"
        inputId="course-q"
        inputLabel="Search courses"
        defaultQuery={input.q}
        placeholder="e.g. computer science, nursing, MBA"
        loading={search.loading}
        formRef={search.formRef}
        query={search.query}
        resultLabel={resultLabel(data.total, ['course', 'courses'])}
        filters={filters}
        onSubmit={onSubmit}
      >
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
      </SearchForm>
      {/* Outside the search form (forms do not nest); each card's buttons name theirs. */}
      {data.items.map((course) => (
        <PickForm
          key={course.id}
          courseId={course.id}
          title={course.title}
          csrfToken={csrfToken}
          next={pagePath}
        />
      ))}
    </>
  );
}
