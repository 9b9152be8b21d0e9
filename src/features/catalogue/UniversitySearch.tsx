import type { SyntheticEvent } from 'react';
import Pagination from './Pagination.tsx';
import ResultCount, { resultLabel } from './ResultCount.tsx';
import SearchForm from './SearchForm.tsx';
import type { UniversitySearchInput } from './schema.ts';
import type { RateTable, UniversityFacets, UniversityResults } from './types.ts';
import UniversityCard from './UniversityCard.tsx';
import UniversityFilters from './UniversityFilters.tsx';
import { formQuery, useInstantSearch } from './use-instant-search.ts';

export interface UniversitySearchProps {
  input: UniversitySearchInput;
  query: string;
  results: UniversityResults;
  facets: UniversityFacets;
  display: string;
  rates: RateTable;
}

/** The university list: a GET form without JavaScript, instant filtering with it. */
export default function UniversitySearch({
  input,
  query,
  results,
  facets,
  display,
  rates,
}: UniversitySearchProps) {
  const search = useInstantSearch({
    endpoint: '/api/catalogue/universities',
    pagePath: '/universities',
    initialQuery: query,
    initialData: results,
  });
  const onChange = (event: SyntheticEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    search.search(
      formQuery(event.currentTarget),
      target.type === 'search' || target.type === 'number' ? 250 : 0,
    );
  };
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
      filters={<UniversityFilters input={input} facets={facets} display={display} />}
      onChange={onChange}
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
