import { useMemo, type ReactNode, type SyntheticEvent } from 'react';
import { fromIslandJson, type IslandJson } from '../../lib/island-json.ts';
import Pagination from './Pagination.tsx';
import ResultCount, { resultLabel } from './ResultCount.tsx';
import SearchForm from './SearchForm.tsx';
import type { UniversitySearchInput } from './schema.ts';
import type { RateTable, UniversityResults } from './types.ts';
import UniversityCard from './UniversityCard.tsx';
import { formQuery, useInstantSearch } from './use-instant-search.ts';

export interface UniversitySearchProps {
  input: UniversitySearchInput;
  query: string;
  /** The first page of results, as JSON (see IslandJson). */
  results: IslandJson<UniversityResults>;
  /** The filters (UniversityFilters), rendered by the page into a slot, as on /courses. */
  filters?: ReactNode;
  display: string;
  /** The exchange rates the cards convert tuition with, as JSON. */
  rates: IslandJson<RateTable>;
}

/** The university list: a GET form without JavaScript, instant filtering with it. */
export default function UniversitySearch(props: UniversitySearchProps) {
  const { input, query, filters, display } = props;
  const results = useMemo(() => fromIslandJson(props.results), [props.results]);
  const rates = useMemo(() => fromIslandJson(props.rates), [props.rates]);
  const search = useInstantSearch({
    endpoint: '/api/catalogue/universities',
    pagePath: '/universities',
    initialQuery: query,
    initialData: results,
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.search(formQuery(event.currentTarget), 0);
  };
  return (
    <SearchForm
      pagePath="/universities"
      label="Universities"
      inputId="university-q"
      inputLabel="University name"
      defaultQuery={input.q}
      loading={search.loading}
      formRef={search.formRef}
      query={search.query}
      resultLabel={resultLabel(search.data.total, ['university', 'universities'])}
      filters={filters}
      onSubmit={onSubmit}
    >
      <ResultCount total={search.data.total} noun={['university', 'universities']} loading={search.loading} />
      {search.error && <p className="mt-2 text-danger-600">{search.error}</p>}
      <ul className="mt-4 grid gap-4">
        {search.data.items.map((university) => (
          <li key={university.id}>
            <UniversityCard university={university} display={display} rates={rates} />
          </li>
        ))}
      </ul>
      <Pagination
        pagePath="/universities"
        query={search.query}
        page={search.data.page}
        pageCount={search.data.pageCount}
        label="University result pages"
      />
    </SearchForm>
  );
}
